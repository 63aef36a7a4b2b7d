import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCentsAsDecimal, MAX_AMOUNT_CENTS, parseAmountToCents } from './money.ts';

describe('parseAmountToCents', () => {
  it.each([
    ['125.5', 12_550],
    ['125.50', 12_550],
    ['0', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['$1,250.75', 125_075],
    [' 19.99 ', 1999],
    ['1000000', 100_000_000],
    ['99999999.99', MAX_AMOUNT_CENTS],
  ])('%s is %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each(['', '-5', '1.234', '12,34', 'abc', '1e3', '.5', '5.', '100000000.00', 'NaN', '0x10'])(
    'refuses %j',
    (input) => {
      expect(parseAmountToCents(input)).toBeNull();
    },
  );

  it('round-trips every amount in cents exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmountToCents(formatCentsAsDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatCentsAsDecimal', () => {
  it('writes two decimals without floating-point rounding', () => {
    expect(formatCentsAsDecimal(12_550)).toBe('125.50');
    expect(formatCentsAsDecimal(5)).toBe('0.05');
    expect(formatCentsAsDecimal(96_025)).toBe('960.25');
  });
});
