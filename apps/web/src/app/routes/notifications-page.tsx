import { NOTIFICATION_TEXTS } from '@casebridge/domain/notifications/notification.schemas';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { NotificationCenter } from '../../features/notifications/components/notification-center.tsx';

/** /notifications: the Notification Center. */
export function NotificationsPage() {
  return (
    <div>
      <PageHeading title={NOTIFICATION_TEXTS.centerTitle} />
      <NotificationCenter />
    </div>
  );
}
