import { applyBasisPoints } from '../liens/basis-points.ts';

/**
 * The settlement preview's arithmetic, in integer cents only:
 *
 *   net to the client = gross − attorney fee − case costs − what the liens take
 *
 * The fee is the gross times the fee percentage, rounded half up to the cent. Every lien of a
 * patient is on the same billing (a billing line names no lienholder), so the liens take the
 * patient's bills once, less every accepted reduction and live payment of every lien; when
 * those cover the bills, the liens take nothing. The net may be negative: a shortfall, shown as
 * such.
 */
export type SettlementInput = {
  grossCents: number;
  feeBasisPoints: number;
  costsCents: number;
  liens: readonly SettlementLien[];
};

/** A lien's figures as the ledger gives them. */
export type SettlementLien = { billedCents: number; reducedCents: number; paidCents: number };

export type SettlementFigures = {
  grossCents: number;
  feeCents: number;
  costsCents: number;
  /** What the liens take together: the bills once, less reductions and payments, at least 0. */
  liensCents: number;
  netCents: number;
};

export function computeSettlement(input: SettlementInput): SettlementFigures {
  const lienCents = input.liens.flatMap((lien) => [
    lien.billedCents,
    lien.reducedCents,
    lien.paidCents,
  ]);
  for (const cents of [input.grossCents, input.costsCents, ...lienCents]) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`amounts are integer cents: ${cents}`);
  }
  if (input.costsCents < 0) throw new RangeError('case costs are not negative');
  const feeCents = applyBasisPoints(input.grossCents, input.feeBasisPoints);
  const liensCents = getLiensPayoffCents(input.liens);
  return {
    grossCents: input.grossCents,
    feeCents,
    costsCents: input.costsCents,
    liensCents,
    netCents: input.grossCents - feeCents - input.costsCents - liensCents,
  };
}

/**
 * What the patient's liens take from the settlement together: the bills counted once, less every
 * lien's accepted reductions and payments, or nothing when those cover the bills.
 */
export function getLiensPayoffCents(liens: readonly SettlementLien[]): number {
  if (liens.length === 0) return 0;
  const billedCents = Math.max(...liens.map((lien) => lien.billedCents));
  const takenCents = liens.reduce((sum, lien) => sum + lien.reducedCents + lien.paidCents, 0);
  return Math.max(0, billedCents - takenCents);
}

/** A negative net: the settlement does not cover the fee, costs and liens. */
export function isShortfall(figures: Pick<SettlementFigures, 'netCents'>): boolean {
  return figures.netCents < 0;
}
