import { describe, expect, it } from 'vitest';
import {
  getLatestTodayIsoDate,
  PATIENT_MESSAGES,
  ZCreatePatientRequest,
  ZUpdateDemographicsRequest,
} from './patient.schemas.ts';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const FIRM = '22222222-2222-4222-8222-222222222222';
const DAY_MS = 24 * 60 * 60_000;
const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('date of birth', () => {
  const parse = (dob: string) =>
    messagesOf(ZUpdateDemographicsRequest.safeParse({ fullName: 'Ann Lee', dob }));

  it.each(['', '   '])('an empty value %j is required', (dob) => {
    expect(parse(dob)).toEqual([PATIENT_MESSAGES.dobRequired]);
  });

  it.each([
    ['a date in the future', isoDaysFromNow(2)],
    ['a year far beyond today', '275760-01-01'],
    ['next year', `${new Date().getUTCFullYear() + 1}-06-01`],
    ['an impossible day', '1990-02-30'],
    ['a date before 1900', '1899-12-31'],
    ['free text', 'yesterday'],
  ])('%s is not a valid date of birth', (_label, dob) => {
    expect(parse(dob)).toEqual([PATIENT_MESSAGES.dobInvalid]);
  });

  it.each([
    ['a past date', '1990-02-03'],
    ['today', isoDaysFromNow(0)],
  ])('%s is accepted', (_label, dob) => {
    expect(parse(dob)).toEqual([]);
  });

  it('takes today where the calendar is furthest ahead', () => {
    expect(getLatestTodayIsoDate(Date.parse('2026-03-10T09:59:59Z'))).toBe('2026-03-10');
    expect(getLatestTodayIsoDate(Date.parse('2026-03-10T10:00:00Z'))).toBe('2026-03-11');
  });
});

describe('Add Patient checks in the spec order', () => {
  it.each([
    [{ fullName: ' ', dob: '', clinicIds: [], firmId: '' }, PATIENT_MESSAGES.nameRequired],
    [{ fullName: 'Ann', dob: '', clinicIds: [], firmId: '' }, PATIENT_MESSAGES.dobRequired],
    [
      { fullName: 'Ann', dob: isoDaysFromNow(3), clinicIds: [], firmId: '' },
      PATIENT_MESSAGES.dobInvalid,
    ],
    [
      { fullName: 'Ann', dob: '1990-02-03', clinicIds: [], firmId: '' },
      PATIENT_MESSAGES.clinicRequired,
    ],
    [
      { fullName: 'Ann', dob: '1990-02-03', clinicIds: [CLINIC], firmId: '' },
      PATIENT_MESSAGES.firmRequired,
    ],
  ])('%j fails first with "%s"', (input, message) => {
    expect(messagesOf(ZCreatePatientRequest.safeParse(input))[0]).toBe(message);
  });

  it('accepts a complete patient', () => {
    const result = ZCreatePatientRequest.safeParse({
      fullName: 'Ann',
      dob: '1990-02-03',
      clinicIds: [CLINIC],
      firmId: FIRM,
    });
    expect(result.success).toBe(true);
  });
});
