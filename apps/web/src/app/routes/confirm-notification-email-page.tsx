import { NOTIFICATION_EMAIL_TEXTS } from '@casebridge/domain/notifications/notification-email.schemas';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '#src/components/layouts/auth-layout.tsx';
import { ConfirmNotificationEmail } from '#src/features/notifications/components/confirm-notification-email.tsx';

/** /confirm-notification-email?token=…: the link sent to a new notification address. */
export function ConfirmNotificationEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout
      title={NOTIFICATION_EMAIL_TEXTS.confirmTitle}
      description={NOTIFICATION_EMAIL_TEXTS.confirmDescription}
    >
      <ConfirmNotificationEmail token={searchParams.get('token') ?? ''} />
    </AuthLayout>
  );
}
