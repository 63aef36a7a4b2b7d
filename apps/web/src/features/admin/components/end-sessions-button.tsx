import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useEndUserSessions } from '#src/features/admin/api/users-api.ts';

/** 'End sessions': signs the user out on every device, after a dialog that names them. */
export function EndSessionsButton({ user }: { user: Pick<TAdminUser, 'id' | 'name' | 'email'> }) {
  const endSessions = useEndUserSessions();
  const [isConfirming, setIsConfirming] = useState(false);

  function handleConfirm() {
    setIsConfirming(false);
    endSessions.mutate(user.id, {
      onSuccess: ({ ended }) =>
        toast.success(
          ended === 0
            ? `${user.name} was not signed in`
            : `Ended ${ended} session${ended === 1 ? '' : 's'} of ${user.name}`,
        ),
      onError: (error) => toast.error(getErrorMessage(error, 'Failed to end the sessions')),
    });
  }

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={endSessions.isPending}
        onClick={() => setIsConfirming(true)}
        aria-label={`End sessions of ${user.name}`}
      >
        End sessions
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={`End ${user.name}'s sessions?`}
        message={`${user.name} (${user.email}) will be signed out on every device at once; they can sign in again.`}
        confirmLabel="End sessions"
        cancelLabel="Cancel"
        onConfirm={handleConfirm}
        onCancel={() => setIsConfirming(false)}
        onDismiss={() => setIsConfirming(false)}
      />
    </>
  );
}
