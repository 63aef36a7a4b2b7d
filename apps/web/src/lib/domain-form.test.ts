import { ZCreatePatientRequest } from '@casebridge/domain/patients/patient.schemas';
import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { getCheckOrder, getFirstFormError } from './domain-form.ts';

describe('getCheckOrder', () => {
  it('is the key order of the domain schema, which lists the spec checks in order', () => {
    expect(getCheckOrder(ZCreatePatientRequest).slice(0, 4)).toEqual([
      'fullName',
      'dob',
      'clinicIds',
      'firmId',
    ]);
  });

  it('sees through refinements and transforms', () => {
    const schema = z
      .object({ b: z.string(), a: z.string() })
      .refine((value) => value.a !== value.b)
      .transform((value) => ({ ...value, joined: value.a + value.b }));
    expect(getCheckOrder(schema)).toEqual(['b', 'a']);
  });
});

describe('getFirstFormError', () => {
  it('picks the first failing field in the given order, not the order of the errors', () => {
    const errors: FieldErrors = {
      firmId: { type: 'custom', message: 'Please select an attorney firm' },
      dob: { type: 'custom', message: 'Date of birth is required' },
    };
    expect(getFirstFormError(errors, ['fullName', 'dob', 'clinicIds', 'firmId'])).toEqual({
      field: 'dob',
      message: 'Date of birth is required',
    });
  });

  it('falls back to any failing field, and to nothing when the form is valid', () => {
    expect(getFirstFormError({ other: { type: 'custom', message: 'Bad' } }, ['name'])).toEqual({
      field: 'other',
      message: 'Bad',
    });
    expect(getFirstFormError({}, ['name'])).toEqual({ field: undefined, message: undefined });
  });

  it("finds the first failing field of a list, so a row's field gets the focus", () => {
    const errors = {
      insurers: [undefined, { carrier: { type: 'custom', message: 'Enter the carrier' } }],
    } as unknown as FieldErrors;
    expect(getFirstFormError(errors, ['stage', 'insurers'])).toEqual({
      field: 'insurers.1.carrier',
      message: 'Enter the carrier',
    });
  });
});
