import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeSettlement, getLiensPayoffCents, isShortfall } from './settlement.ts';

const lien = (billedCents: number, reducedCents = 0, paidCents = 0) => ({
  billedCents,
  reducedCents,
  paidCents,
});

describe('computeSettlement', () => {
  it('takes the fee, the costs and the lien balance from the gross', () => {
    const figures = computeSettlement({
      grossCents: 10_000_000,
      feeBasisPoints: 3333,
      costsCents: 125_050,
      liens: [lien(2_000_000, 449_925, 0)],
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
        liens: [],
      }).feeCents,
    ).toBe(8);
  });

  it('counts the bills once however many liens are on them (two lienholders, one billing)', () => {
    const figures = computeSettlement({
      grossCents: 100_000,
      feeBasisPoints: 4000,
      costsCents: 10_000,
      liens: [lien(100_000, 10_000, 5_000), lien(100_000, 0, 5_000)],
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
        liens: [],
      }),
    ).toThrow(RangeError);
  });

  it('always adds up to the gross, in integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.array(
          fc.record({
            billedCents: fc.integer({ min: 0, max: 9_999_999_999 }),
            reducedCents: fc.integer({ min: 0, max: 999_999_999 }),
            paidCents: fc.integer({ min: 0, max: 999_999_999 }),
          }),
          { maxLength: 6 },
        ),
        (grossCents, feeBasisPoints, costsCents, liens) => {
          const figures = computeSettlement({ grossCents, feeBasisPoints, costsCents, liens });
          expect(figures.liensCents).toBe(getLiensPayoffCents(liens));
          expect(figures.liensCents).toBeGreaterThanOrEqual(0);
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
