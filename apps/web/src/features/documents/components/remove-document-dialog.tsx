import {
  DOCUMENT_MESSAGES,
  ZDocument,
  type TDocument,
} from '@casebridge/domain/documents/document.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { ReasonConfirmDialog } from '#src/components/ui/reason-confirm-dialog.tsx';
import { getErrorMessage, getStaleWriteCurrent } from '#src/lib/api-client.ts';
import { formatClockTime } from '#src/lib/format.ts';
import { useRemoveDocument } from '#src/features/documents/api/documents-api.ts';

/**
 * Remove, asked first with the file's name and a reason. The removal is made from the version the
 * user saw when they chose Remove; when the document changed meanwhile (someone re-categorised
 * it), the server refuses, and the dialog says who changed what and asks again.
 */
export function RemoveDocumentDialog({
  patientId,
  document,
  onClose,
}: {
  patientId: string;
  document: TDocument;
  onClose: () => void;
}) {
  const remove = useRemoveDocument(patientId);
  const [seen, setSeen] = useState(document);
  const [isChanged, setIsChanged] = useState(false);

  function handleConfirm(reason: string) {
    remove.mutate(
      { document: seen, body: { reason } },
      {
        onSuccess: () => {
          toast.success(DOCUMENT_MESSAGES.removed(seen.fileName));
          onClose();
        },
        onError: (failure) => {
          const current = ZDocument.safeParse(getStaleWriteCurrent(failure)).data;
          if (current) {
            setSeen(current);
            setIsChanged(true);
            return;
          }
          toast.error(getErrorMessage(failure, 'Failed to remove the document'));
          onClose();
        },
      },
    );
  }

  return (
    <ReasonConfirmDialog
      title={DOCUMENT_MESSAGES.removeTitle(seen.fileName)}
      question="It is kept for the audit, but nobody will see it in the list or be able to open it."
      confirmLabel="Remove"
      pendingLabel="Removing..."
      isPending={remove.isPending}
      notice={
        isChanged ? (
          <p
            role="alert"
            className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            Not removed: {seen.updatedByName ?? 'someone else'} changed this document at{' '}
            {formatClockTime(seen.updatedAt)}; it is now filed under {seen.category}. Remove it as
            it now is?
          </p>
        ) : null
      }
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}
