import type { TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import { formatCents, formatDate } from '#src/lib/format.ts';

/** A billing line as a person names it: '97110 × 2, $240.00 on Mar 14, 2026'. */
export function describeBillingEntry(
  entry: Pick<TBillingEntry, 'cptCode' | 'sessionCount' | 'amountCents' | 'date'>,
): string {
  return `${entry.cptCode} × ${entry.sessionCount}, ${formatCents(entry.amountCents)} on ${formatDate(entry.date)}`;
}
