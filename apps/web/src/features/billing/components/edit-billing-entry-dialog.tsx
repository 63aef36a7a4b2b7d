import {
  BILLING_MESSAGES,
  ZBillingEntry,
  ZEditBillingEntryRequest,
  type TBillingEntry,
  type TEditBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import { toast } from 'sonner';
import { ReasonField } from '#src/components/ui/reason-field.tsx';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useEditBillingEntry } from '#src/features/billing/api/billing-api.ts';
import { describeBillingEntry } from '#src/features/billing/utils/describe-billing-entry.ts';
import { BillingEntryFields } from './billing-entry-fields.tsx';

const FIELDS = ['cptCode', 'sessionCount', 'amount', 'date'] as const;

/** The form's values for a version of the line; the reason is the user's own each time. */
const toValues = (entry: TBillingEntry): TEditBillingEntryRequest => ({
  cptCode: entry.cptCode,
  sessionCount: String(entry.sessionCount),
  amount: formatCentsAsDecimal(entry.amountCents),
  date: entry.date,
  reason: '',
});

const LABELS = { cptCode: 'CPT Code', sessionCount: 'Sessions', amount: 'Amount', date: 'Date' };

/**
 * Edit Billing Entry: code, sessions, amount and date under the rules of Add Billing Entry, and
 * the reason the history keeps. `entry` is the line as the list now holds it: a change someone
 * else makes meanwhile is offered for review (RecordChangedNotice), never typed over; a save
 * made from an older version is refused and shown the same way.
 */
export function EditBillingEntryDialog({
  patientId,
  entry,
  onClose,
}: {
  patientId: string;
  entry: TBillingEntry;
  onClose: () => void;
}) {
  const edit = useEditBillingEntry(patientId);
  const form = useDomainForm(ZEditBillingEntryRequest, {
    defaultValues: toValues(entry),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record: entry,
    form,
    toValues,
    labels: LABELS,
    parse: (current) => ZBillingEntry.safeParse(current).data ?? null,
  });
  const isVoided = entry.voidedAt !== null;

  function handleValid() {
    if (isVoided) return;
    edit.mutate(
      { entryId: entry.id, ifMatch: editing.baseVersion, body: form.getValues() },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(BILLING_MESSAGES.edited);
          onClose();
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, BILLING_MESSAGES.editFailed));
        },
      },
    );
  }

  return (
    <RecordEditDialog
      title="Edit Billing Entry"
      description={describeBillingEntry(entry)}
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={edit.isPending}
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
    >
      {isVoided ? (
        <p role="alert" className="rounded-md border border-border bg-surface-muted p-3 text-sm">
          {entry.updatedByName ?? 'Someone'} voided this entry. {BILLING_MESSAGES.alreadyVoided}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <BillingEntryFields
          idPrefix="edit-billing"
          fields={FIELDS}
          register={form.register}
          errors={form.formState.errors}
        />
      </div>
      <ReasonField
        id="edit-billing-reason"
        label="Reason for the change"
        error={form.formState.errors.reason?.message}
        registration={form.register('reason')}
      />
    </RecordEditDialog>
  );
}
