import { NOTIFICATION_EMAIL_TEXTS } from '@casebridge/domain/notifications/notification-email.schemas';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useConfirmNotificationEmail } from '#src/features/notifications/api/notifications-api.ts';

const PREFERENCES_LINK = '/notifications?tab=preferences';

function ResultLink() {
  return (
    <Link
      to={PREFERENCES_LINK}
      className="inline-block font-medium text-brand underline-offset-2 hover:underline"
    >
      Go to notification preferences
    </Link>
  );
}

/**
 * The page the confirmation e-mail links to. It confirms on a press, not on load, so a mail
 * scanner that fetches the link confirms nothing.
 */
export function ConfirmNotificationEmail({ token }: { token: string }) {
  const confirm = useConfirmNotificationEmail();

  if (!token) {
    return (
      <div role="alert" className="space-y-4">
        <p className="text-ink">{NOTIFICATION_EMAIL_TEXTS.linkInvalid}</p>
        <ResultLink />
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div role="status" className="space-y-4">
        <p className="text-ink">{NOTIFICATION_EMAIL_TEXTS.confirmed(confirm.data.email)}</p>
        <ResultLink />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Button className="w-full" onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
        {confirm.isPending
          ? NOTIFICATION_EMAIL_TEXTS.confirming
          : NOTIFICATION_EMAIL_TEXTS.confirmButton}
      </Button>
      {confirm.isError ? (
        <p role="alert" className="text-sm text-danger">
          {getErrorMessage(confirm.error, NOTIFICATION_EMAIL_TEXTS.confirmFailed)}
        </p>
      ) : null}
    </div>
  );
}
