import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  ZCreateBillingEntryRequest,
  ZEditBillingEntryRequest,
  ZVoidBillingEntryRequest,
} from './billing.schemas.ts';

const valid = { cptCode: '97110', sessionCount: '3', amount: '125.5' };
const firstMessage = (input: unknown) => {
  const result = ZCreateBillingEntryRequest.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ZCreateBillingEntryRequest', () => {
  it('parses what the form sends into a code, a whole number and integer cents', () => {
    expect(ZCreateBillingEntryRequest.parse(valid)).toEqual({
      cptCode: '97110',
      sessionCount: 3,
      amountCents: 12_550,
    });
  });

  it.each(['97110', '0001F', '1234T', '9999U', 'G0283', 'j1100', ' 1234f '])(
    'accepts the code %s',
    (code) => {
      expect(ZCreateBillingEntryRequest.safeParse({ ...valid, cptCode: code }).success).toBe(true);
    },
  );

  it.each(['9711', '971100', '1234A', 'GG283', '97 10', 'ABCDE', '1234X'])(
    'refuses the code %j',
    (code) => {
      expect(firstMessage({ ...valid, cptCode: code })).toBe(BILLING_MESSAGES.cptInvalid);
    },
  );

  it('asks for each missing field', () => {
    expect(firstMessage({ ...valid, cptCode: ' ' })).toBe(BILLING_MESSAGES.cptRequired);
    expect(firstMessage({ ...valid, sessionCount: '' })).toBe(BILLING_MESSAGES.sessionsRequired);
    expect(firstMessage({ ...valid, amount: '' })).toBe(BILLING_MESSAGES.amountRequired);
  });

  it.each(['0', '-1', '1.5', 'two', 1.5, 0, 1001])('refuses the session count %j', (count) => {
    expect(firstMessage({ ...valid, sessionCount: count })).toBe(BILLING_MESSAGES.sessionsInvalid);
  });

  it.each(['-1', '1.999', 'ten', '1e2'])('refuses the amount %j', (amount) => {
    expect(firstMessage({ ...valid, amount })).toBe(BILLING_MESSAGES.amountInvalid);
  });

  it('accepts a numeric session count from an API caller', () => {
    expect(ZCreateBillingEntryRequest.parse({ ...valid, sessionCount: 12 }).sessionCount).toBe(12);
  });
});

describe('ZEditBillingEntryRequest', () => {
  const edit = { ...valid, date: '2026-03-14', reason: 'Wrong code entered' };
  const editMessage = (input: unknown) => {
    const result = ZEditBillingEntryRequest.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('checks the fields as Add Billing Entry does, plus the date and the reason', () => {
    expect(ZEditBillingEntryRequest.parse({ ...edit, cptCode: 'g0283', version: 3 })).toEqual({
      cptCode: 'G0283',
      sessionCount: 3,
      amountCents: 12_550,
      date: '2026-03-14',
      reason: 'Wrong code entered',
      version: 3,
    });
    expect(editMessage({ ...edit, cptCode: '9711' })).toBe(BILLING_MESSAGES.cptInvalid);
    expect(editMessage({ ...edit, sessionCount: '0' })).toBe(BILLING_MESSAGES.sessionsInvalid);
    expect(editMessage({ ...edit, amount: '1.999' })).toBe(BILLING_MESSAGES.amountInvalid);
  });

  it.each([
    ['', BILLING_MESSAGES.dateRequired],
    ['14/03/2026', BILLING_MESSAGES.dateInvalid],
    ['2026-02-30', BILLING_MESSAGES.dateInvalid],
    ['1899-12-31', BILLING_MESSAGES.dateInvalid],
    ['2999-01-01', BILLING_MESSAGES.dateInvalid],
  ])('refuses the date %j', (date, message) => {
    expect(editMessage({ ...edit, date })).toBe(message);
  });

  it('requires a reason', () => {
    expect(editMessage({ ...edit, reason: '  ' })).toBe('Please give a reason');
    expect(editMessage({ ...edit, reason: 'x'.repeat(501) })).toBe(
      'The reason must be 500 characters or fewer',
    );
  });
});

describe('ZVoidBillingEntryRequest', () => {
  it('requires a reason and takes an optional version', () => {
    expect(ZVoidBillingEntryRequest.parse({ reason: ' Duplicate ', version: 2 })).toEqual({
      reason: 'Duplicate',
      version: 2,
    });
    expect(ZVoidBillingEntryRequest.safeParse({}).success).toBe(false);
    expect(ZVoidBillingEntryRequest.safeParse({ reason: 'x', version: 0 }).success).toBe(false);
  });
});
