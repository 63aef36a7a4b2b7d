import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useResetSecondFactor } from '#src/features/admin/api/users-api.ts';

/**
 * 'Reset two-step verification', for a user who lost both their phone and their recovery codes:
 * after a dialog naming them, removes the factor and signs them out everywhere.
 */
export function ResetSecondFactorButton({
  user,
}: {
  user: Pick<TAdminUser, 'id' | 'name' | 'email'>;
}) {
  const reset = useResetSecondFactor();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const dismiss = () => setIsDialogOpen(false);

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={reset.isPending}
        onClick={() => setIsDialogOpen(true)}
        aria-label={`Reset two-step verification of ${user.name}`}
      >
        Reset two-step verification
      </Button>
      <ConfirmDialog
        isOpen={isDialogOpen}
        title={`Reset ${user.name}'s two-step verification?`}
        message={`Only when ${user.name} has lost both their authenticator app and their recovery codes, and you have confirmed it is them. They are signed out everywhere; their next sign-in needs only the password (or sets up a new app, where your settings require one).`}
        confirmLabel="Reset"
        cancelLabel="Cancel"
        onConfirm={() => {
          dismiss();
          // The reset removes this button (the user has no second factor any more), and the
          // live list can do so before the answer arrives (architecture.md, 'Outcomes of a
          // change').
          reset.mutateAsync(user.id).then(
            () => toast.success(`Two-step verification of ${user.name} was reset`),
            (error: unknown) =>
              toast.error(getErrorMessage(error, 'Two-step verification could not be reset.')),
          );
        }}
        onCancel={dismiss}
        onDismiss={dismiss}
      />
    </>
  );
}
