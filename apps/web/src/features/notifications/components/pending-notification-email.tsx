import { NOTIFICATION_EMAIL_TEXTS } from '@casebridge/domain/notifications/notification-email.schemas';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import {
  useNotificationEmailChange,
  useNotificationPreferences,
} from '#src/features/notifications/api/notifications-api.ts';

/**
 * A new notification address that waits for its confirmation link: mail keeps going to the
 * address in the form until the link is opened. Resend sends a new link; Cancel drops the change.
 */
export function PendingNotificationEmail() {
  const preferences = useNotificationPreferences();
  const resend = useNotificationEmailChange('POST');
  const cancel = useNotificationEmailChange('DELETE');
  const pending = preferences.data?.pendingNotificationEmail;
  if (!pending) return null;
  const isBusy = resend.isPending || cancel.isPending;

  function handleResend() {
    resend.mutate(undefined, {
      onSuccess: (saved) =>
        toast.success(
          NOTIFICATION_EMAIL_TEXTS.linkSent(saved.pendingNotificationEmail?.email ?? ''),
        ),
      onError: (error) =>
        toast.error(getErrorMessage(error, NOTIFICATION_EMAIL_TEXTS.resendFailed)),
    });
  }

  function handleCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(NOTIFICATION_EMAIL_TEXTS.cancelled),
      onError: (error) =>
        toast.error(getErrorMessage(error, NOTIFICATION_EMAIL_TEXTS.cancelFailed)),
    });
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-surface-muted p-3"
    >
      <MailCheck className="h-4 w-4 shrink-0 text-ink-muted" aria-hidden />
      <p className="min-w-0 flex-1 text-sm text-ink">
        {NOTIFICATION_EMAIL_TEXTS.waitingFor(pending.email)}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={handleResend} disabled={isBusy}>
          {NOTIFICATION_EMAIL_TEXTS.resend}
        </Button>
        <Button size="sm" variant="ghost" onClick={handleCancel} disabled={isBusy}>
          {NOTIFICATION_EMAIL_TEXTS.cancel}
        </Button>
      </div>
    </div>
  );
}
