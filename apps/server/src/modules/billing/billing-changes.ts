import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import type { HistoryChanges } from '@casebridge/domain/history/record-history.schemas';

/** The fields of a billing line an edit may change. */
export type BillingEntryFields = {
  cptCode: string;
  sessionCount: number;
  amountCents: number;
  date: string;
};

/** The fields an edit changes, each with its value before and after (history and audit). */
export function diffBillingFields(
  before: BillingEntryFields,
  after: BillingEntryFields,
): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const field of ['cptCode', 'sessionCount', 'amountCents', 'date'] as const) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/** How a billing line reads in audit details: '97110, 2 session(s), 240.00 on 2026-03-14'. */
export function describeBillingEntry(entry: BillingEntryFields): string {
  return `${entry.cptCode}, ${entry.sessionCount} session(s), ${formatCentsAsDecimal(entry.amountCents)} on ${entry.date}`;
}

const FIELD_LABELS: Record<string, string> = {
  cptCode: 'CPT code',
  sessionCount: 'sessions',
  amountCents: 'amount',
  date: 'date',
};

const showValue = (field: string, value: unknown) =>
  field === 'amountCents' && typeof value === 'number'
    ? formatCentsAsDecimal(value)
    : String(value);

/** An edit's changes for the audit log: 'sessions 2 → 3, amount 240.00 → 250.00'. */
export function describeBillingChanges(changes: HistoryChanges): string {
  return Object.entries(changes)
    .map(
      ([field, { from, to }]) =>
        `${FIELD_LABELS[field] ?? field} ${showValue(field, from)} → ${showValue(field, to)}`,
    )
    .join(', ');
}
