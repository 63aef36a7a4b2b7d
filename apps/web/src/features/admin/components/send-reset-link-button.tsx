import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useSendPasswordResetLink } from '#src/features/admin/api/users-api.ts';

/**
 * 'Send password reset link': after a dialog naming the user, e-mails them a single-use link.
 * The admin never sees the link or sets the password.
 */
export function SendResetLinkButton({ user }: { user: Pick<TAdminUser, 'id' | 'name' | 'email'> }) {
  const send = useSendPasswordResetLink();
  const [isAsking, setIsAsking] = useState(false);
  const close = () => setIsAsking(false);

  function handleConfirm() {
    close();
    send.mutate(user.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(getErrorMessage(error, 'The reset link could not be sent.')),
    });
  }

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        disabled={send.isPending}
        onClick={() => setIsAsking(true)}
        aria-label={`Send password reset link to ${user.name}`}
      >
        Send password reset link
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title={`Send ${user.name} a password reset link?`}
        message={`${user.email} gets an e-mail, naming you, with a link to choose a new password. It works once, for 30 minutes; their current password keeps working until they use it.`}
        confirmLabel="Send link"
        cancelLabel="Cancel"
        onConfirm={handleConfirm}
        onCancel={close}
        onDismiss={close}
      />
    </>
  );
}
