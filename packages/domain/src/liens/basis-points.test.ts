import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyBasisPoints, formatBasisPoints, parsePercentToBasisPoints } from './basis-points.ts';

describe('parsePercentToBasisPoints', () => {
  it.each([
    ['33.33', 3333],
    ['25', 2500],
    ['12.5', 1250],
    ['0.01', 1],
    ['100', 10_000],
    [' 40 % ', 4000],
  ])('%s → %i', (input, expected) => {
    expect(parsePercentToBasisPoints(input)).toBe(expected);
  });

  it.each(['', 'abc', '100.01', '101', '-5', '1.234', '1e2'])('refuses %j', (input) => {
    expect(parsePercentToBasisPoints(input)).toBeNull();
  });

  it('reads back what it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (basisPoints) => {
        expect(parsePercentToBasisPoints(formatBasisPoints(basisPoints))).toBe(basisPoints);
      }),
    );
  });
});

describe('applyBasisPoints', () => {
  it('rounds half up to the cent', () => {
    expect(applyBasisPoints(1000, 3333)).toBe(333);
    expect(applyBasisPoints(150, 5000)).toBe(75);
    expect(applyBasisPoints(1, 5000)).toBe(1);
    expect(applyBasisPoints(3, 5000)).toBe(2);
    expect(applyBasisPoints(12_345, 10_000)).toBe(12_345);
    expect(applyBasisPoints(12_345, 0)).toBe(0);
  });

  it('never exceeds the amount and stays within half a cent of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, basisPoints) => {
          const share = applyBasisPoints(cents, basisPoints);
          expect(share).toBeLessThanOrEqual(cents);
          expect(Math.abs(share * 10_000 - cents * basisPoints)).toBeLessThanOrEqual(5000);
        },
      ),
    );
  });

  it('refuses fractions of a cent and shares above 100 %', () => {
    expect(() => applyBasisPoints(1.5, 100)).toThrow(RangeError);
    expect(() => applyBasisPoints(100, 10_001)).toThrow(RangeError);
  });
});
