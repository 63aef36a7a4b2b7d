import { BILLING_MESSAGES, type TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import type { THistoryEntry } from '@casebridge/domain/history/record-history.schemas';
import { getRoleEmailLabel } from '@casebridge/domain/roles';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { formatCents, formatDate, formatDateTime } from '#src/lib/format.ts';
import { useBillingEntryHistory } from '#src/features/billing/api/billing-api.ts';
import { describeBillingEntry } from '#src/features/billing/utils/describe-billing-entry.ts';

const FIELD_LABELS: Record<string, string> = {
  cptCode: 'CPT Code',
  sessionCount: 'Sessions',
  amountCents: 'Amount',
  date: 'Date',
};

function showValue(field: string, value: unknown): string {
  if (field === 'amountCents' && typeof value === 'number') return formatCents(value);
  if (field === 'date' && typeof value === 'string') return formatDate(value);
  return String(value);
}

const ACTION_LABELS: Partial<Record<THistoryEntry['action'], string>> = {
  edited: 'Edited',
  voided: 'Voided',
};

function HistoryItem({ item }: { item: THistoryEntry }) {
  const fields = item.action === 'edited' ? Object.entries(item.changes) : [];
  return (
    <li className="rounded-md border border-border p-3 text-sm text-ink">
      <p>
        <span className="font-semibold">{ACTION_LABELS[item.action] ?? item.action}</span> by{' '}
        {item.actorName} ({getRoleEmailLabel(item.actorRole)}) on{' '}
        <time dateTime={item.at}>{formatDateTime(item.at)}</time>
      </p>
      {fields.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {fields.map(([field, { from, to }]) => (
            <li key={field}>
              {FIELD_LABELS[field] ?? field}: {showValue(field, from)} <span aria-hidden>→</span>
              <span className="sr-only">changed to</span> {showValue(field, to)}
            </li>
          ))}
        </ul>
      ) : null}
      {item.reason ? <p className="mt-2">Reason: {item.reason}</p> : null}
    </li>
  );
}

/**
 * A billing line's history, for everyone who sees the line: each correction with who made it
 * and when, the values before and after, and the reason; oldest first, after the line's start.
 */
export function BillingEntryHistoryDialog({
  patientId,
  entry,
  onClose,
}: {
  patientId: string;
  entry: TBillingEntry;
  onClose: () => void;
}) {
  const history = useBillingEntryHistory(patientId, entry.id);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Billing Entry History"
      description={describeBillingEntry(entry)}
    >
      <p className="mb-3 text-sm text-ink">
        Added on <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {entry.clinicName ? ` by ${entry.clinicName}` : ' by an administrator'}.
      </p>
      {history.error ? (
        <p role="alert" className="text-sm text-ink">
          {BILLING_MESSAGES.historyFailed}
        </p>
      ) : history.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-ink">{BILLING_MESSAGES.noHistory}</p>
      ) : (
        <ol aria-label="Changes, oldest first" className="space-y-2">
          {history.data.map((item) => (
            <HistoryItem key={item.version} item={item} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}
