/**
 * The lien ledger's arithmetic, in integer cents only. The rule: the balance is what
 * was billed, less the reductions the lienholder accepted, less the payments it received:
 *
 *   balance = billed − accepted reductions − live payments
 *
 * The balance is not clamped at zero: a lienholder paid more than it is owed sees a negative
 * balance, shown as an overpayment, so the figures always add up and nothing is hidden.
 *
 * Once the lienholder confirmed the lien's final payoff (closing-the-case.md), what the payments
 * left unpaid is waived, not owed: it shows as waived and the balance is 0.
 *
 *   waived = the rest (at least 0) when the payoff is confirmed, else 0
 *   balance = billed − accepted reductions − live payments − waived
 */
export type LienAmounts = {
  /** The patient's live billing lines. */
  billedCents: number;
  /** The lienholder's live (not voided) payments. */
  paidCents: number;
  /** The sum of the accepted reduction offers on this lien. */
  reducedCents: number;
};

export type LienFigures = LienAmounts & {
  /** What the lienholder gave up by confirming a final payoff smaller than the balance. */
  waivedCents: number;
  balanceCents: number;
};

export function computeLienBalance({ billedCents, paidCents, reducedCents }: LienAmounts): number {
  for (const cents of [billedCents, paidCents, reducedCents]) {
    if (!Number.isSafeInteger(cents) || cents < 0) {
      throw new RangeError(`lien amounts are non-negative integer cents, got ${cents}`);
    }
  }
  return billedCents - reducedCents - paidCents;
}

/**
 * The amounts with what was waived and the balance, as the ledger and the portfolio show them.
 * `isPayoffConfirmed`: the lienholder accepted a final payoff, waiving what stays unpaid.
 */
export function toLienFigures(
  amounts: LienAmounts,
  { isPayoffConfirmed = false }: { isPayoffConfirmed?: boolean } = {},
): LienFigures {
  const unpaidCents = computeLienBalance(amounts);
  const waivedCents = isPayoffConfirmed ? Math.max(0, unpaidCents) : 0;
  return { ...amounts, waivedCents, balanceCents: unpaidCents - waivedCents };
}

/** An overpaid lien (negative balance): the UI says 'Overpaid' instead of a minus sign. */
export function isOverpaid(balanceCents: number): boolean {
  return balanceCents < 0;
}

/** Whole months from the intake date to today (both ISO dates), never negative. */
export function monthsSince(fromIsoDate: string, todayIsoDate: string): number {
  const [fromYear, fromMonth, fromDay] = fromIsoDate.split('-').map(Number);
  const [toYear, toMonth, toDay] = todayIsoDate.split('-').map(Number);
  if (!fromYear || !fromMonth || !fromDay || !toYear || !toMonth || !toDay) return 0;
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) - (toDay < fromDay ? 1 : 0);
  return Math.max(0, months);
}
