import { describe, expect, it } from 'vitest';
import { computeLienBalance, isOverpaid, monthsSince, toLienFigures } from './lien-ledger.ts';

describe('computeLienBalance', () => {
  it('is billed less accepted reductions less payments, in cents', () => {
    expect(
      computeLienBalance({ billedCents: 125_050, paidCents: 20_001, reducedCents: 10_000 }),
    ).toBe(95_049);
  });

  it('is the billed total when nothing was paid or reduced', () => {
    expect(computeLienBalance({ billedCents: 999, paidCents: 0, reducedCents: 0 })).toBe(999);
  });

  it('goes negative on an overpayment instead of hiding it', () => {
    const balance = computeLienBalance({
      billedCents: 10_000,
      paidCents: 9_000,
      reducedCents: 2_000,
    });
    expect(balance).toBe(-1_000);
    expect(isOverpaid(balance)).toBe(true);
    expect(isOverpaid(0)).toBe(false);
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => computeLienBalance({ billedCents: 10.5, paidCents: 0, reducedCents: 0 })).toThrow(
      RangeError,
    );
    expect(() => computeLienBalance({ billedCents: 10, paidCents: -1, reducedCents: 0 })).toThrow(
      RangeError,
    );
  });

  it('keeps the amounts beside the balance', () => {
    expect(toLienFigures({ billedCents: 300, paidCents: 100, reducedCents: 50 })).toEqual({
      billedCents: 300,
      paidCents: 100,
      reducedCents: 50,
      waivedCents: 0,
      balanceCents: 150,
    });
  });

  it('waives what a confirmed final payoff left unpaid, so nothing stays owed', () => {
    const amounts = { billedCents: 300_000, paidCents: 120_000, reducedCents: 30_000 };
    expect(toLienFigures(amounts, { isPayoffConfirmed: true })).toEqual({
      ...amounts,
      waivedCents: 150_000,
      balanceCents: 0,
    });
    expect(toLienFigures(amounts, { isPayoffConfirmed: false }).waivedCents).toBe(0);
  });

  it('waives nothing on a confirmed lien already paid in full or overpaid', () => {
    const overpaid = { billedCents: 100, paidCents: 150, reducedCents: 0 };
    expect(toLienFigures(overpaid, { isPayoffConfirmed: true })).toEqual({
      ...overpaid,
      waivedCents: 0,
      balanceCents: -50,
    });
  });
});

describe('monthsSince', () => {
  it('counts whole months, a month not yet complete not counted', () => {
    expect(monthsSince('2026-01-15', '2026-04-14')).toBe(2);
    expect(monthsSince('2026-01-15', '2026-04-15')).toBe(3);
    expect(monthsSince('2025-11-30', '2026-11-30')).toBe(12);
  });

  it('is never negative', () => {
    expect(monthsSince('2026-05-01', '2026-04-01')).toBe(0);
  });
});
