import { applyBasisPoints } from '../liens/basis-points.ts';

/**
 * The settlement preview's arithmetic (issue 13), in integer cents only:
 *
 *   net to the client = gross − attorney fee − case costs − Σ lien balances
 *
 * The fee is the gross times the fee percentage, rounded half up to the cent. Each lien counts
 * with its balance after accepted reductions and payments; an overpaid lien (a negative balance)
 * is owed nothing and counts as zero. The net may be negative: a shortfall, shown as such.
 */
export type SettlementInput = {
  grossCents: number;
  feeBasisPoints: number;
  costsCents: number;
  lienBalancesCents: readonly number[];
};

export type SettlementFigures = {
  grossCents: number;
  feeCents: number;
  costsCents: number;
  /** What the liens take: the sum of the positive balances. */
  liensCents: number;
  netCents: number;
};

export function computeSettlement(input: SettlementInput): SettlementFigures {
  for (const cents of [input.grossCents, input.costsCents, ...input.lienBalancesCents]) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`amounts are integer cents: ${cents}`);
  }
  if (input.costsCents < 0) throw new RangeError('case costs are not negative');
  const feeCents = applyBasisPoints(input.grossCents, input.feeBasisPoints);
  const liensCents = input.lienBalancesCents.reduce(
    (sum, balance) => sum + getLienPayoffCents(balance),
    0,
  );
  return {
    grossCents: input.grossCents,
    feeCents,
    costsCents: input.costsCents,
    liensCents,
    netCents: input.grossCents - feeCents - input.costsCents - liensCents,
  };
}

/** What a lien takes from the settlement: its balance, or nothing when it is overpaid. */
export function getLienPayoffCents(balanceCents: number): number {
  return Math.max(0, balanceCents);
}

/** A negative net: the settlement does not cover the fee, costs and liens. */
export function isShortfall(figures: Pick<SettlementFigures, 'netCents'>): boolean {
  return figures.netCents < 0;
}
