import { describe, expect, it } from 'vitest';
import { computePolicyLimits, describeCoverageLimit } from './policy-limits.ts';

describe('computePolicyLimits', () => {
  it('holds the specials against each kind of coverage, adding policies of one kind', () => {
    const limits = computePolicyLimits(1_240_000, [
      { coverage: 'um_uim', policyLimitCents: 10_000_000 },
      { coverage: 'liability', policyLimitCents: 1_500_000 },
      { coverage: 'liability', policyLimitCents: 1_000_000 },
      { coverage: 'med_pay', policyLimitCents: 500_000 },
    ]);
    expect(limits.coverages).toEqual([
      { coverage: 'liability', limitCents: 2_500_000, policyCount: 2, percent: 50, isMet: false },
      { coverage: 'med_pay', limitCents: 500_000, policyCount: 1, percent: 248, isMet: true },
      { coverage: 'um_uim', limitCents: 10_000_000, policyCount: 1, percent: 12, isMet: false },
    ]);
  });

  it('leaves out a kind whose limits are all unknown, and counts only the known ones', () => {
    const limits = computePolicyLimits(100, [
      { coverage: 'liability', policyLimitCents: null },
      { coverage: 'med_pay', policyLimitCents: null },
      { coverage: 'med_pay', policyLimitCents: 1_000 },
    ]);
    expect(limits.coverages.map((limit) => [limit.coverage, limit.policyCount])).toEqual([
      ['med_pay', 1],
    ]);
  });

  it('is met at the limit exactly, never reads 100 % a cent short, and has no share of $0', () => {
    const [met] = computePolicyLimits(2_500_000, [
      { coverage: 'liability', policyLimitCents: 2_500_000 },
    ]).coverages;
    expect(met).toMatchObject({ isMet: true, percent: 100 });
    const [short] = computePolicyLimits(2_499_999, [
      { coverage: 'liability', policyLimitCents: 2_500_000 },
    ]).coverages;
    expect(short).toMatchObject({ isMet: false, percent: 99 });
    const [zero] = computePolicyLimits(0, [{ coverage: 'med_pay', policyLimitCents: 0 }]).coverages;
    expect(zero).toMatchObject({ isMet: true, percent: null });
  });
});

describe('describeCoverageLimit', () => {
  it("reads 'Specials $12,400.00 of $25,000.00 BI limit (50%)'", () => {
    const limits = computePolicyLimits(1_240_000, [
      { coverage: 'liability', policyLimitCents: 2_500_000 },
      { coverage: 'um_uim', policyLimitCents: 1_000_000 },
      { coverage: 'um_uim', policyLimitCents: 1_000_000 },
    ]);
    expect(limits.coverages.map((limit) => describeCoverageLimit(1_240_000, limit))).toEqual([
      'Specials $12,400.00 of $25,000.00 BI limit (50%)',
      'Specials $12,400.00 of $20,000.00 total UM/UIM limits (62%)',
    ]);
  });
});
