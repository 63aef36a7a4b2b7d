import { ZCorrectionReason } from '@casebridge/domain/history/record-history.schemas';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { ReasonField } from './reason-field.tsx';

const ZReasonForm = z.object({ reason: ZCorrectionReason });

type ReasonConfirmDialogProps = {
  title: string;
  /** The question, naming the record: 'Void 97110 × 2, $240.00 on Mar 14, 2026?' */
  question: string;
  /** The action's button: 'Void Entry'; `pendingLabel` while it runs: 'Voiding...'. */
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** Shown above the reason, e.g. why the last attempt did not happen. */
  notice?: ReactNode;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * A destructive correction (Void, Remove, Retract) asks in a dialog that names the record and
 * takes the reason the history keeps (docs/architecture.md, 'Corrections'). Cancel, Escape and
 * the close button leave the record as it is; an empty reason is refused at its field.
 */
export function ReasonConfirmDialog({
  title,
  question,
  confirmLabel,
  pendingLabel,
  isPending,
  notice,
  onConfirm,
  onClose,
}: ReasonConfirmDialogProps) {
  const form = useDomainForm(ZReasonForm, {
    defaultValues: { reason: '' },
    toastFirstError: false,
  });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={question}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.submitWith(({ reason }) => onConfirm(reason))}
      >
        {notice}
        <ReasonField
          id="correction-reason"
          error={form.formState.errors.reason?.message}
          registration={form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
