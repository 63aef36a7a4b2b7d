import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeSettlement, getLienPayoffCents, isShortfall } from './settlement.ts';

describe('computeSettlement', () => {
  it('takes the fee, the costs and the lien balances from the gross', () => {
    const figures = computeSettlement({
      grossCents: 10_000_000,
      feeBasisPoints: 3333,
      costsCents: 125_050,
      lienBalancesCents: [1_200_000, 350_075],
    });
    expect(figures).toEqual({
      grossCents: 10_000_000,
      feeCents: 3_333_000,
      costsCents: 125_050,
      liensCents: 1_550_075,
      netCents: 4_991_875,
    });
    expect(isShortfall(figures)).toBe(false);
  });

  it('rounds the fee half up to the cent', () => {
    expect(
      computeSettlement({
        grossCents: 15,
        feeBasisPoints: 5000,
        costsCents: 0,
        lienBalancesCents: [],
      }).feeCents,
    ).toBe(8);
  });

  it('counts an overpaid lien as zero and reports a shortfall', () => {
    const figures = computeSettlement({
      grossCents: 100_000,
      feeBasisPoints: 4000,
      costsCents: 10_000,
      lienBalancesCents: [-5_000, 80_000],
    });
    expect(figures.liensCents).toBe(80_000);
    expect(figures.netCents).toBe(-30_000);
    expect(isShortfall(figures)).toBe(true);
  });

  it('refuses fractions of a cent', () => {
    expect(() =>
      computeSettlement({
        grossCents: 1.5,
        feeBasisPoints: 0,
        costsCents: 0,
        lienBalancesCents: [],
      }),
    ).toThrow(RangeError);
  });

  it('always adds up to the gross, in integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.array(fc.integer({ min: -1_000_000, max: 9_999_999_999 }), { maxLength: 6 }),
        (grossCents, feeBasisPoints, costsCents, lienBalancesCents) => {
          const figures = computeSettlement({
            grossCents,
            feeBasisPoints,
            costsCents,
            lienBalancesCents,
          });
          const liens = lienBalancesCents.map(getLienPayoffCents);
          expect(liens.reduce((sum, cents) => sum + cents, 0)).toBe(figures.liensCents);
          expect(
            figures.feeCents + figures.costsCents + figures.liensCents + figures.netCents,
          ).toBe(grossCents);
          for (const value of Object.values(figures))
            expect(Number.isSafeInteger(value)).toBe(true);
          expect(figures.feeCents).toBeLessThanOrEqual(grossCents);
        },
      ),
    );
  });
});
