import { formatUsd } from '../liens/reduction-texts.ts';
import {
  COVERAGE_KINDS,
  COVERAGE_SHORT_LABELS,
  type CoverageKind,
} from './case-facts-constants.ts';

/** What the limit rule reads of an insurer: its coverage and its limit, when known. */
export type InsurerLimit = { coverage: CoverageKind; policyLimitCents: number | null };

/** The patient's specials against the limits of one kind of coverage. */
export type CoverageLimit = {
  coverage: CoverageKind;
  /** The sum of the known limits of every policy of this kind (two BI policies add up). */
  limitCents: number;
  policyCount: number;
  /** Specials as a whole percentage of the limit (never 100 short of it); null for a $0 limit. */
  percent: number | null;
  /** Specials at or above the limit: the policy cannot pay more than it already owes. */
  isMet: boolean;
};

export type PolicyLimits = { specialsCents: number; coverages: CoverageLimit[] };

/**
 * 'Limit met': the patient's medical specials (the live billing lines' total, the same 'Total
 * Medical Specials' the Billing tab shows) against the policy limits, per kind of coverage, in
 * the order of COVERAGE_KINDS. A kind with no policy of a known limit is left out. Integer
 * cents throughout; the percentage is rounded half up, but a case a cent short reads 99 %.
 */
export function computePolicyLimits(
  specialsCents: number,
  insurers: readonly InsurerLimit[],
): PolicyLimits {
  const coverages = COVERAGE_KINDS.flatMap((coverage): CoverageLimit[] => {
    const limits = insurers
      .filter((insurer) => insurer.coverage === coverage && insurer.policyLimitCents !== null)
      .map((insurer) => insurer.policyLimitCents as number);
    if (limits.length === 0) return [];
    const limitCents = limits.reduce((sum, cents) => sum + cents, 0);
    const isMet = specialsCents >= limitCents;
    return [
      {
        coverage,
        limitCents,
        policyCount: limits.length,
        percent: percentOf(specialsCents, limitCents, isMet),
        isMet,
      },
    ];
  });
  return { specialsCents, coverages };
}

/** specials / limit as a whole percentage, half up, in integers; 99 at most while not met. */
function percentOf(specialsCents: number, limitCents: number, isMet: boolean): number | null {
  if (limitCents === 0) return null;
  const rounded = Math.floor((specialsCents * 200 + limitCents) / (limitCents * 2));
  return isMet ? rounded : Math.min(rounded, 99);
}

/**
 * 'Specials $12,400.00 of $25,000.00 BI limit (50%)'; two policies of a kind read 'of
 * $50,000.00 total BI limits'.
 */
export function describeCoverageLimit(specialsCents: number, limit: CoverageLimit): string {
  const kind = COVERAGE_SHORT_LABELS[limit.coverage];
  const of =
    limit.policyCount > 1
      ? `${formatUsd(limit.limitCents)} total ${kind} limits`
      : `${formatUsd(limit.limitCents)} ${kind} limit`;
  const share = limit.percent === null ? '' : ` (${limit.percent}%)`;
  return `Specials ${formatUsd(specialsCents)} of ${of}${share}`;
}
