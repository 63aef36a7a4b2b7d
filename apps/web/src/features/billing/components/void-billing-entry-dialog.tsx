import {
  BILLING_MESSAGES,
  ZBillingEntry,
  type TBillingEntry,
} from '@casebridge/domain/billing/billing.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { ReasonConfirmDialog } from '#src/components/ui/reason-confirm-dialog.tsx';
import { getErrorMessage, getStaleWriteCurrent } from '#src/lib/api-client.ts';
import { formatClockTime } from '#src/lib/format.ts';
import { useVoidBillingEntry } from '#src/features/billing/api/billing-api.ts';
import { describeBillingEntry } from '#src/features/billing/utils/describe-billing-entry.ts';

/**
 * Void, asked first: the question names the line as the user saw it when they chose Void, and
 * that version is what the void is made from. If the line changed meanwhile the server refuses
 * (409); the question then names the line as it now is, says who changed it, and asks again.
 */
export function VoidBillingEntryDialog({
  patientId,
  entry,
  onClose,
}: {
  patientId: string;
  entry: TBillingEntry;
  /** 'voided' once the line is voided: its Edit and Void are gone. */
  onClose: (outcome?: 'voided') => void;
}) {
  const voidEntry = useVoidBillingEntry(patientId);
  const [seen, setSeen] = useState(entry);
  const [changedBy, setChangedBy] = useState<TBillingEntry | null>(null);

  function handleConfirm(reason: string) {
    voidEntry.mutate(
      { entryId: seen.id, ifMatch: seen.version, body: { reason } },
      {
        onSuccess: () => {
          toast.success(BILLING_MESSAGES.voided);
          onClose('voided');
        },
        onError: (failure) => {
          const current = ZBillingEntry.safeParse(getStaleWriteCurrent(failure)).data;
          if (current && current.voidedAt === null) {
            setSeen(current);
            setChangedBy(current);
            return;
          }
          toast.error(getErrorMessage(failure, BILLING_MESSAGES.voidFailed));
          if (current) onClose();
        },
      },
    );
  }

  return (
    <ReasonConfirmDialog
      title="Void Billing Entry"
      question={`Void ${describeBillingEntry(seen)}? It stays in the history, marked Voided, and no total counts it.`}
      confirmLabel="Void Entry"
      pendingLabel="Voiding..."
      isPending={voidEntry.isPending}
      notice={
        changedBy ? (
          <p
            role="alert"
            className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            Not voided: {changedBy.updatedByName ?? 'someone else'} changed this entry at{' '}
            {formatClockTime(changedBy.updatedAt)}. It now reads {describeBillingEntry(changedBy)}.
            Void it as it now reads?
          </p>
        ) : null
      }
      onConfirm={handleConfirm}
      onClose={() => onClose()}
    />
  );
}
