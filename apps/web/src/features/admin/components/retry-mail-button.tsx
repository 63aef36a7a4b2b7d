import { MAIL_OUTBOX_MESSAGES } from '@casebridge/domain/admin/system-tools.schemas';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useRetryMail } from '#src/features/admin/api/mail-outbox-api.ts';

type RetryMailButtonProps = {
  mail: { id: string; toAddress: string; subject: string };
  variant?: ButtonProps['variant'];
};

/**
 * Puts a failed e-mail back in the queue; the list and the detail refetch on success. The button
 * shows only while the mail has failed, so that refetch can remove it before the retry's own
 * answer is handled: the toast follows mutateAsync (architecture.md, 'Outcomes of a change').
 */
export function RetryMailButton({ mail, variant = 'secondary' }: RetryMailButtonProps) {
  const retry = useRetryMail();

  function handleRetry() {
    retry.mutateAsync(mail.id).then(
      () => toast.success(MAIL_OUTBOX_MESSAGES.retried),
      (error: unknown) => toast.error(getErrorMessage(error, MAIL_OUTBOX_MESSAGES.retryFailed)),
    );
  }

  return (
    <Button
      size="sm"
      variant={variant}
      onClick={handleRetry}
      disabled={retry.isPending}
      aria-label={`Retry mail to ${mail.toAddress}: ${mail.subject}`}
    >
      {retry.isPending ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
