import { CASE_REQUEST_KIND_LABELS } from '@casebridge/domain/requests/case-request-constants';
import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import { ReasonConfirmDialog } from '#src/components/ui/reason-confirm-dialog.tsx';
import { useAnswerRequest } from '#src/features/case-requests/api/case-requests-api.ts';

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
        answer.mutate({ request, answer: { action: 'decline', reason } }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
