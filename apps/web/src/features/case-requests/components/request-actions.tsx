import { hasCapability } from '@casebridge/domain/capabilities';
import {
  canRespondToRequest,
  canTransition,
} from '@casebridge/domain/requests/case-request.policy';
import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { useAnswerRequest } from '#src/features/case-requests/api/case-requests-api.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';

// The dialogs (and the form code they need) load when their button is hovered or focused.
const FulfilRequestDialog = lazyComponent(
  () => import('./fulfil-request-dialog.tsx'),
  (module) => module.FulfilRequestDialog,
);
const DeclineRequestDialog = lazyComponent(
  () => import('./decline-request-dialog.tsx'),
  (module) => module.DeclineRequestDialog,
);

/**
 * The asked clinic's answers to one request, as its status allows: Acknowledge (one click, from
 * the version shown), Fulfil (upload a file or pick the patient's documents) and Decline (with a
 * reason). Nothing for anyone else.
 */
export function RequestActions({
  request,
  uploadFile,
}: {
  request: TCaseRequest;
  uploadFile: UploadRequestFile;
}) {
  const user = useCurrentUser();
  const answer = useAnswerRequest();
  const [open, setOpen] = useState<'fulfil' | 'decline' | null>(null);
  if (
    !hasCapability(user.role, 'requests:respond') ||
    !canRespondToRequest(
      { role: user.role, organizationId: user.organization?.id ?? null },
      request,
    )
  )
    return null;
  const can = (action: 'acknowledge' | 'fulfil' | 'decline') =>
    canTransition(request.status, action);
  if (!can('acknowledge') && !can('fulfil') && !can('decline')) return null;
  return (
    <>
      {can('acknowledge') ? (
        <Button
          size="sm"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ request, answer: { action: 'acknowledge' } })}
        >
          Acknowledge
        </Button>
      ) : null}
      {can('fulfil') ? (
        <Button
          size="sm"
          onPointerEnter={FulfilRequestDialog.preload}
          onFocus={FulfilRequestDialog.preload}
          onClick={() => setOpen('fulfil')}
        >
          Fulfil
        </Button>
      ) : null}
      {can('decline') ? (
        <Button
          size="sm"
          variant="secondary"
          onPointerEnter={DeclineRequestDialog.preload}
          onFocus={DeclineRequestDialog.preload}
          onClick={() => setOpen('decline')}
        >
          Decline
        </Button>
      ) : null}
      <LazyBoundary fallback={null}>
        {open === 'fulfil' ? (
          <FulfilRequestDialog.Component
            request={request}
            uploadFile={uploadFile}
            onClose={() => setOpen(null)}
          />
        ) : null}
        {open === 'decline' ? (
          <DeclineRequestDialog.Component request={request} onClose={() => setOpen(null)} />
        ) : null}
      </LazyBoundary>
    </>
  );
}
