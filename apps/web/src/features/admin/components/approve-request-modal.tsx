import {
  ACCESS_REQUEST_MESSAGES,
  type TAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type AssignableRole } from '@casebridge/domain/roles';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useApproveAccessRequest } from '#src/features/admin/api/access-requests-api.ts';
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
  const [role, setRole] = useState<AssignableRole>(
    isAssignable(request.role) ? request.role : 'clinic',
  );
  const [organizationId, setOrganizationId] = useState('');
  const approve = useApproveAccessRequest();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (role !== 'admin' && !organizationId) {
      toast.error(USER_MESSAGES.organizationRequired);
      return;
    }
    approve.mutate(
      { id: request.id, role, organizationId: organizationId || null },
      {
        onSuccess: () => {
          toast.success(ACCESS_REQUEST_MESSAGES.approved);
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
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <RoleOrganizationFields
          role={role}
          organizationId={organizationId}
          onRoleChange={setRole}
          onOrganizationChange={setOrganizationId}
        />
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
