import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import type { TBillingHistory } from '@casebridge/domain/billing/billing.schemas';
import { toCsvLine } from '#src/lib/csv.ts';

/**
 * The Billing History table as CSV, with the 'Total Medical Specials' line at the end. Only live
 * lines are billed, so a voided line is left out and the rows add up to the total.
 */
export function toBillingCsv(history: Pick<TBillingHistory, 'items' | 'totalCents'>): string {
  const lines = [['CPT Code', 'Sessions', 'Amount', 'Date', 'Clinic']];
  for (const entry of history.items.filter((item) => item.voidedAt === null)) {
    lines.push([
      entry.cptCode,
      String(entry.sessionCount),
      formatCentsAsDecimal(entry.amountCents),
      entry.date,
      entry.clinicName ?? '',
    ]);
  }
  lines.push(['Total Medical Specials', '', formatCentsAsDecimal(history.totalCents), '', '']);
  return lines.map(toCsvLine).join('');
}
