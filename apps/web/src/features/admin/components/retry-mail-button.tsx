import { MAIL_OUTBOX_MESSAGES } from '@casebridge/domain/admin/system-tools.schemas';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useRetryMail } from '#src/features/admin/api/mail-outbox-api.ts';

type RetryMailButtonProps = {
  mail: { id: string; toAddress: string; subject: string };
  variant?: ButtonProps['variant'];
};

/** Puts a failed e-mail back in the queue; the list and the detail refetch on success. */
export function RetryMailButton({ mail, variant = 'secondary' }: RetryMailButtonProps) {
  const retry = useRetryMail();

  function handleRetry() {
    retry.mutate(mail.id, {
      onSuccess: () => toast.success(MAIL_OUTBOX_MESSAGES.retried),
      onError: (error) => toast.error(getErrorMessage(error, MAIL_OUTBOX_MESSAGES.retryFailed)),
    });
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
