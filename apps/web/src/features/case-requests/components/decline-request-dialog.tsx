import { CASE_REQUEST_KIND_LABELS } from '@casebridge/domain/requests/case-request-constants';
import {
  CASE_REQUEST_TEXTS,
  type TCaseRequest,
} from '@casebridge/domain/requests/case-request.schemas';
import { toast } from 'sonner';
import { ReasonConfirmDialog } from '#src/components/ui/reason-confirm-dialog.tsx';
import { useAnswerRequest } from '#src/features/case-requests/api/case-requests-api.ts';
import { toastAnswerError } from '#src/features/case-requests/utils/answer-errors.ts';

/** Decline names the request and takes the reason the requester reads. */
export function DeclineRequestDialog({
  request,
  onClose,
}: {
  request: TCaseRequest;
  onClose: () => void;
}) {
  const answer = useAnswerRequest();
  return (
    <ReasonConfirmDialog
      title="Decline request"
      question={`Decline the request for ${CASE_REQUEST_KIND_LABELS[request.kind].toLowerCase()} for ${request.patientName}? ${request.requesterOrganizationName ?? request.requesterName} will read your reason.`}
      confirmLabel="Decline Request"
      pendingLabel="Declining..."
      isPending={answer.isPending}
      onConfirm={(reason) =>
        answer.mutate(
          { request, answer: { action: 'decline', reason } },
          {
            onSuccess: () => {
              toast.success(CASE_REQUEST_TEXTS.declined);
              onClose();
            },
            onError: toastAnswerError,
          },
        )
      }
      onClose={onClose}
    />
  );
}
