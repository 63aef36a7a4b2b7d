import { INVITATION_DELIVERY_LABELS } from '@casebridge/domain/users/invitation-delivery';
import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDate } from '#src/lib/format.ts';
import { useResendInvitation, useUpdateUser } from '#src/features/admin/api/users-api.ts';
import { toastInvitation } from '#src/features/admin/utils/invitation-toast.ts';
import { getToggleErrorMessage } from '#src/features/admin/utils/stale-toggle.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { TableEmptyRow, TableHead, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { EndSessionsButton } from './end-sessions-button.tsx';
import { SendResetLinkButton } from './send-reset-link-button.tsx';
import { ResetSecondFactorButton } from './reset-second-factor-button.tsx';

const COLUMNS = ['Name', 'Email', 'Role', 'Organization', 'Status', 'Created', 'Actions'];

const INVITATION_TONES = { queued: 'yellow', sent: 'blue', failed: 'red' } as const;

/** Until the password is set: where the invitation e-mail stands (e-mailed, queued, failed). */
function InvitationStatus({ invitation }: { invitation: TAdminUser['invitation'] }) {
  if (!invitation) return <Badge tone="blue">Invited</Badge>;
  const at = invitation.sentAt ?? invitation.queuedAt;
  return (
    <Badge tone={INVITATION_TONES[invitation.status]}>
      {INVITATION_DELIVERY_LABELS[invitation.status]}
      <span className="sr-only">, {formatDate(at)}</span>
    </Badge>
  );
}

function UserStatus({ user }: { user: TAdminUser }) {
  return (
    <div className="flex flex-wrap gap-1">
      {user.active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
      {user.approved ? null : <Badge tone="yellow">Awaiting approval</Badge>}
      {user.hasPassword ? null : <InvitationStatus invitation={user.invitation} />}
    </div>
  );
}

function UserActions({ user, currentUserId }: { user: TAdminUser; currentUserId: string }) {
  const update = useUpdateUser();
  const resend = useResendInvitation();
  const isSelf = user.id === currentUserId;
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDeactivation, setIsConfirmingDeactivation] = useState(false);

  function handleUpdate(input: { active?: boolean; approved?: boolean }, success: string) {
    update.mutate(
      { id: user.id, ifMatch: user.version, ...input },
      {
        onSuccess: () => toast.success(success),
        onError: (error) =>
          toast.error(getToggleErrorMessage(error, user.name, 'Failed to update user')),
      },
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setIsEditing(true)}
        aria-label={`Edit ${user.name}`}
      >
        Edit
      </Button>
      {user.approved ? null : (
        <Button
          size="sm"
          disabled={update.isPending}
          onClick={() => handleUpdate({ approved: true }, `${user.name} approved`)}
          aria-label={`Approve ${user.name}`}
        >
          Approve
        </Button>
      )}
      {isSelf || !user.active ? null : <EndSessionsButton user={user} />}
      {isSelf || !user.active ? null : <SendResetLinkButton user={user} />}
      {isSelf || !user.hasSecondFactor ? null : <ResetSecondFactorButton user={user} />}
      {isSelf ? null : user.active ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => setIsConfirmingDeactivation(true)}
          aria-label={`Deactivate ${user.name}`}
        >
          Deactivate
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => handleUpdate({ active: true }, `${user.name} reactivated`)}
          aria-label={`Reactivate ${user.name}`}
        >
          Reactivate
        </Button>
      )}
      {!user.hasPassword && user.active ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={resend.isPending}
          aria-label={`Resend invitation to ${user.name}`}
          onClick={() =>
            resend.mutate(user.id, {
              onSuccess: (invited) =>
                toastInvitation(
                  INVITATION_DELIVERY_LABELS[invited.invitation?.status ?? 'queued'],
                  invited,
                ),
              onError: (error) => toast.error(getErrorMessage(error, 'Failed to send invitation')),
            })
          }
        >
          Resend invitation
        </Button>
      ) : null}
      {isEditing ? <EditUserModal user={user} onClose={() => setIsEditing(false)} /> : null}
      <ConfirmDialog
        isOpen={isConfirmingDeactivation}
        title="Deactivate user?"
        message={`${user.name} (${user.email}) will be signed out at once and cannot sign in until reactivated.`}
        confirmLabel="Deactivate"
        cancelLabel="Cancel"
        onConfirm={() => {
          setIsConfirmingDeactivation(false);
          handleUpdate({ active: false }, `${user.name} deactivated`);
        }}
        onCancel={() => setIsConfirmingDeactivation(false)}
        onDismiss={() => setIsConfirmingDeactivation(false)}
      />
    </div>
  );
}

export function UserTable({
  users,
  isLoading,
  currentUserId,
}: {
  users: TAdminUser[] | undefined;
  isLoading: boolean;
  currentUserId: string;
}) {
  return (
    <TableScroll label="Users" className="bg-surface">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Users</caption>
        <TableHead columns={COLUMNS} />
        <tbody className="divide-y divide-border">
          {isLoading || !users ? (
            <TableSkeletonRows columns={COLUMNS.length} barClassName="h-6 w-full" />
          ) : (
            users.map((user) => (
              <tr key={user.id}>
                <th scope="row" className="px-4 py-3 font-medium text-ink">
                  {user.name}
                </th>
                <td className="break-all px-4 py-3 text-ink">{user.email}</td>
                <td className="px-4 py-3 text-ink">{ROLE_LABELS[user.role]}</td>
                <td className="px-4 py-3 text-ink">{user.organization?.name ?? '—'}</td>
                <td className="px-4 py-3">
                  <UserStatus user={user} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-ink">
                  {formatDate(user.createdAt)}
                </td>
                <td className="px-4 py-3">
                  <UserActions user={user} currentUserId={currentUserId} />
                </td>
              </tr>
            ))
          )}
          {users && users.length === 0 ? (
            <TableEmptyRow columns={COLUMNS.length}>No users found</TableEmptyRow>
          ) : null}
        </tbody>
      </table>
    </TableScroll>
  );
}
