import {
  NOTIFICATION_TEXTS,
  type TNotification,
} from '@casebridge/domain/notifications/notification.schemas';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useMarkNotificationRead } from '#src/features/notifications/api/notifications-api.ts';

const isInternalLink = (link: string | null): link is string =>
  !!link && link.startsWith('/') && !link.startsWith('//');

/** Clicking a notification marks it read and opens its link ('Failed to open notification'). */
export function useOpenNotification() {
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  return async function openNotification(notification: TNotification): Promise<void> {
    try {
      if (!notification.isRead) await markRead.mutateAsync(notification.id);
      if (isInternalLink(notification.linkTo)) navigate(notification.linkTo);
    } catch {
      toast.error(NOTIFICATION_TEXTS.openFailed);
    }
  };
}
