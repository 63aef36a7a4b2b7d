import { NOTIFICATION_TEXTS } from '@casebridge/domain/notifications/notification.schemas';
import { toast } from 'sonner';
import { useMarkAllNotificationsRead } from '#src/features/notifications/api/notifications-api.ts';

/** 'Mark all as read' with the toasts of spec section 8. */
export function useMarkAllRead() {
  const markAll = useMarkAllNotificationsRead();
  return {
    isPending: markAll.isPending,
    markAllRead: () =>
      markAll.mutate(undefined, {
        onSuccess: () => toast.success(NOTIFICATION_TEXTS.allMarkedRead),
        onError: () => toast.error(NOTIFICATION_TEXTS.markFailed),
      }),
  };
}
