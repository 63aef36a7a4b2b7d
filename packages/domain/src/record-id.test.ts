import { describe, expect, it } from 'vitest';
import { ZPatientIdParams } from './patients/patient-id.ts';
import { isUuid } from './record-id.ts';

describe('record ids', () => {
  it('accepts any hex UUID the database reads and nothing else', () => {
    expect(isUuid('00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(isUuid('ABCDEF01-2345-6789-abcd-ef0123456789')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('00000000-0000-4000-8000-0000000000001')).toBe(false);
  });

  it('leaves the format of a patient id to the guard, bounding only its length', () => {
    expect(ZPatientIdParams.safeParse({ patientId: 'x' }).success).toBe(true);
    expect(ZPatientIdParams.safeParse({ patientId: 'x'.repeat(65) }).success).toBe(false);
  });
});
