import {
  ACCESS_REQUEST_MESSAGES,
  type TAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import {
  useAccessRequests,
  useRejectAccessRequest,
} from '#src/features/admin/api/access-requests-api.ts';
import { ApproveRequestModal } from './approve-request-modal.tsx';

/** Pending requests from /signup, oldest first: approve (creates and invites the user) or reject. */
export function AccessRequestsSection() {
  const requests = useAccessRequests('pending');
  const reject = useRejectAccessRequest();
  const [approving, setApproving] = useState<TAccessRequest | null>(null);
  const [rejecting, setRejecting] = useState<TAccessRequest | null>(null);

  function handleReject(request: TAccessRequest) {
    reject.mutate(request.id, {
      onSuccess: () => toast.success(ACCESS_REQUEST_MESSAGES.rejected),
      onError: (error) => toast.error(getErrorMessage(error, ACCESS_REQUEST_MESSAGES.reviewFailed)),
    });
  }

  const items = requests.data?.items;
  return (
    <Section
      id="access-requests-heading"
      title={<>Access Requests{items ? ` (${items.length})` : ''}</>}
      className="mb-8"
    >
      {!items ? (
        <Skeleton className="h-20 w-full" />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-ink-muted">
          No pending access requests
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {items.map((request) => (
            <li key={request.id}>
              <Card className="flex h-full flex-col gap-3">
                <div>
                  <p className="font-medium text-ink">{request.name}</p>
                  <p className="break-all text-sm text-ink-muted">{request.email}</p>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-ink-muted">Organization</dt>
                    <dd className="text-ink">{request.organization}</dd>
                    <dt className="text-ink-muted">Phone</dt>
                    <dd className="text-ink">{request.phone}</dd>
                    <dt className="text-ink-muted">Requested role</dt>
                    <dd className="text-ink">{ROLE_LABELS[request.role]}</dd>
                    <dt className="text-ink-muted">Received</dt>
                    <dd className="text-ink">{formatDateTime(request.createdAt)}</dd>
                  </dl>
                </div>
                <div className="mt-auto flex gap-2">
                  <Button
                    size="sm"
                    onClick={() => setApproving(request)}
                    aria-label={`Approve request from ${request.name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={reject.isPending}
                    onClick={() => setRejecting(request)}
                    aria-label={`Reject request from ${request.name}`}
                  >
                    Reject
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={rejecting !== null}
        title="Reject access request?"
        message={
          rejecting
            ? `${rejecting.name} (${rejecting.email}) asked for ${ROLE_LABELS[rejecting.role]} access for "${rejecting.organization}". No account will be created.`
            : ''
        }
        confirmLabel="Reject"
        cancelLabel="Cancel"
        onConfirm={() => {
          if (rejecting) handleReject(rejecting);
          setRejecting(null);
        }}
        onCancel={() => setRejecting(null)}
        onDismiss={() => setRejecting(null)}
      />
      {approving ? (
        <ApproveRequestModal request={approving} onClose={() => setApproving(null)} />
      ) : null}
    </Section>
  );
}
