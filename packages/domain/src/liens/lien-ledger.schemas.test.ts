import { describe, expect, it } from 'vitest';
import { getAgingBucketKey } from './lien-ledger-constants.ts';
import {
  LIEN_MESSAGES,
  ZPortfolioQuery,
  ZRecordLienPaymentRequest,
  ZVoidLienPaymentRequest,
} from './lien-ledger.schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ZRecordLienPaymentRequest', () => {
  it('turns the typed dollars into cents, exactly', () => {
    expect(
      ZRecordLienPaymentRequest.parse({
        amount: '$1,250.1',
        paidOn: '2026-01-05',
        reference: ' CK 1042 ',
      }),
    ).toEqual({ amountCents: 125_010, paidOn: '2026-01-05', reference: 'CK 1042' });
  });

  it('keeps a blank reference as null', () => {
    expect(
      ZRecordLienPaymentRequest.parse({ amount: '10', paidOn: '2026-01-05', reference: '  ' }),
    ).toMatchObject({ reference: null });
  });

  it.each([
    [{ amount: '', paidOn: '2026-01-05' }, LIEN_MESSAGES.amountRequired],
    [{ amount: '0', paidOn: '2026-01-05' }, LIEN_MESSAGES.amountInvalid],
    [{ amount: '-5', paidOn: '2026-01-05' }, LIEN_MESSAGES.amountInvalid],
    [{ amount: '1.005', paidOn: '2026-01-05' }, LIEN_MESSAGES.amountInvalid],
    [{ amount: '5', paidOn: '' }, LIEN_MESSAGES.paidOnRequired],
    [{ amount: '5', paidOn: '05/01/2026' }, LIEN_MESSAGES.paidOnInvalid],
    [{ amount: '5', paidOn: '2999-01-01' }, LIEN_MESSAGES.paidOnInvalid],
    [
      { amount: '5', paidOn: '2026-01-05', reference: 'x'.repeat(101) },
      LIEN_MESSAGES.referenceTooLong,
    ],
  ])('refuses %o with its message', (input, message) => {
    expect(firstMessage(ZRecordLienPaymentRequest.safeParse(input))).toBe(message);
  });
});

describe('ZVoidLienPaymentRequest', () => {
  it('needs a reason', () => {
    expect(ZVoidLienPaymentRequest.safeParse({ reason: ' ' }).success).toBe(false);
    expect(ZVoidLienPaymentRequest.parse({ reason: ' Bounced ' })).toEqual({ reason: 'Bounced' });
  });
});

describe('ZPortfolioQuery', () => {
  it('sorts by patient ascending on the first page by default', () => {
    const query = ZPortfolioQuery.parse({});
    expect(query).toMatchObject({ sort: 'patient', direction: 'asc' });
    expect(query.cursor).toBeUndefined();
  });

  it('reads the gap filter as a boolean', () => {
    expect(ZPortfolioQuery.parse({ hasGap: 'true' }).hasGap).toBe(true);
    expect(ZPortfolioQuery.parse({ hasGap: 'false' }).hasGap).toBe(false);
    expect(ZPortfolioQuery.safeParse({ hasGap: 'yes' }).success).toBe(false);
  });

  it('refuses an unknown sort column', () => {
    expect(ZPortfolioQuery.safeParse({ sort: 'ssn' }).success).toBe(false);
  });
});

describe('getAgingBucketKey', () => {
  it('puts each month count in its half-open bucket', () => {
    expect([0, 2, 3, 5, 6, 11, 12, 40].map(getAgingBucketKey)).toEqual([
      '0-3',
      '0-3',
      '3-6',
      '3-6',
      '6-12',
      '6-12',
      '12+',
      '12+',
    ]);
  });
});
