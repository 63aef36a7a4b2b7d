import { applyBasisPoints } from '../liens/basis-points.ts';

/**
 * The disbursement statement's arithmetic, in integer cents:
 *
 *   net to the client = gross − attorney fee − case costs − Σ each lien's final payoff
 *
 * A lien's final payoff is its confirmed payoff, else its proposed one, else what it is still
 * owed (its balance, at least 0). The fee is the gross times the fee basis points, half up. The
 * net may be negative (a shortfall).
 */
export type DisbursementLien = {
  balanceCents: number;
  /** The confirmed payoff's amount, else the open proposal's, else null. */
  payoffCents: number | null;
};

export type DisbursementFigures = {
  grossCents: number;
  feeCents: number;
  costsCents: number;
  liensCents: number;
  netCents: number;
};

export function lienTakeCents(lien: DisbursementLien): number {
  return lien.payoffCents ?? Math.max(0, lien.balanceCents);
}

export function computeDisbursement(input: {
  grossCents: number;
  feeBasisPoints: number;
  costsCents: number;
  liens: readonly DisbursementLien[];
}): DisbursementFigures {
  for (const cents of [
    input.grossCents,
    input.costsCents,
    ...input.liens.flatMap((l) => [l.balanceCents, l.payoffCents ?? 0]),
  ]) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`amounts are integer cents: ${cents}`);
  }
  const feeCents = applyBasisPoints(input.grossCents, input.feeBasisPoints);
  const liensCents = input.liens.reduce((sum, lien) => sum + lienTakeCents(lien), 0);
  return {
    grossCents: input.grossCents,
    feeCents,
    costsCents: input.costsCents,
    liensCents,
    netCents: input.grossCents - feeCents - input.costsCents - liensCents,
  };
}

/**
 * Whether a lien no longer stands in the way of disbursement: nothing is owed on it, or its
 * lienholder confirmed a final payoff (which waives the rest).
 */
export function isLienResolved(lien: { balanceCents: number; isPayoffConfirmed: boolean }) {
  return lien.isPayoffConfirmed || lien.balanceCents <= 0;
}
