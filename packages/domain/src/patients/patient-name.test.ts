import { describe, expect, it } from 'vitest';
import { normalizePatientName } from './patient-name.ts';

describe('normalizePatientName', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(normalizePatientName("O'Brien,  Mary")).toBe('obrienmary');
    expect(normalizePatientName('  OBRIEN mary ')).toBe('obrienmary');
    expect(normalizePatientName('Mary-Ann St. John 2nd')).toBe('maryannstjohn2nd');
  });
});
