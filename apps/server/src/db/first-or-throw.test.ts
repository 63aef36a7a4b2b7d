import { describe, expect, it } from 'vitest';
import { firstOrThrow } from './first-or-throw.ts';

describe('firstOrThrow', () => {
  it('returns the first row', () => {
    expect(firstOrThrow([{ id: 'a' }, { id: 'b' }], 'a patient')).toEqual({ id: 'a' });
  });

  it('names what was expected when the query returned nothing', () => {
    expect(() => firstOrThrow([], 'the updated patient')).toThrow(
      'Expected the updated patient, but the query returned no rows',
    );
  });
});
