import { NOTIFICATION_TEXTS } from '@casebridge/domain/notifications/notification.schemas';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { NotificationCenter } from '#src/features/notifications/components/notification-center.tsx';

/** /notifications: the Notification Center. */
export function NotificationsPage() {
  return (
    <div>
      <PageHeading title={NOTIFICATION_TEXTS.centerTitle} />
      <NotificationCenter />
    </div>
  );
}
