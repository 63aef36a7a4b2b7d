import {
  ACCESS_REQUEST_MESSAGES,
  ZApproveAccessRequest,
  type TAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type AssignableRole } from '@casebridge/domain/roles';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useApproveAccessRequest } from '#src/features/admin/api/access-requests-api.ts';
import { toastInvitation } from '#src/features/admin/utils/invitation-toast.ts';
import { RoleOrganizationFields } from './role-organization-fields.tsx';

const isAssignable = (role: string): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly string[]).includes(role);

/** Approve: the admin picks the real role and organisation ('other' is only a request). */
export function ApproveRequestModal({
  request,
  onClose,
}: {
  request: TAccessRequest;
  onClose: () => void;
}) {
  const approve = useApproveAccessRequest();
  // The request schema the server parses with: a non-admin role needs an organisation (the
  // spec's toast 'Please select an associated organization').
  const form = useDomainForm(ZApproveAccessRequest, {
    defaultValues: {
      role: isAssignable(request.role) ? request.role : 'clinic',
      organizationId: null,
    },
  });

  function handleValid(values: z.output<typeof ZApproveAccessRequest>) {
    approve.mutate(
      { id: request.id, ...values },
      {
        onSuccess: (user) => {
          toastInvitation(ACCESS_REQUEST_MESSAGES.approved, user);
          onClose();
        },
        onError: (error) =>
          toast.error(ACCESS_REQUEST_MESSAGES.reviewFailed, {
            description: getErrorMessage(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Approve Access Request"
      description={`${request.name} (${request.email}) asked for ${ROLE_LABELS[request.role]} access for "${request.organization}".`}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <RoleOrganizationFields form={form} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={approve.isPending}>
            {approve.isPending ? 'Approving...' : 'Approve and Invite'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
