import { describe, expect, it } from 'vitest';
import { describeReductionOffer, describeReductionStep, formatUsd } from './reduction-texts.ts';

describe('reduction texts', () => {
  it('formats cents as dollars exactly', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(125_050)).toBe('$1,250.50');
    expect(formatUsd(123_456_789_01)).toBe('$123,456,789.01');
    expect(formatUsd(-5)).toBe('-$0.05');
  });

  it('names a percentage offer with its amount', () => {
    expect(
      describeReductionOffer({ kind: 'percent', amountCents: 30_000, percentBasisPoints: 2500 }),
    ).toBe('25 % ($300.00)');
    expect(
      describeReductionStep('countered', 'MedLien', 'MedLien Funding', {
        kind: 'amount',
        amountCents: 20_000,
        percentBasisPoints: null,
      }),
    ).toBe('MedLien countered with a reduction of $200.00 on the MedLien Funding lien');
  });
});
