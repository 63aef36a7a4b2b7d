import { NOTIFICATION_UNREAD_COUNT_CAP } from '@casebridge/domain/constants';
import { formatBadgeCount } from '@casebridge/domain/format/relative-time';
import {
  NOTIFICATION_TEXTS,
  type TNotification,
} from '@casebridge/domain/notifications/notification.schemas';
import { BellOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import {
  useMarkNotificationRead,
  useNotificationCenter,
} from '#src/features/notifications/api/notifications-api.ts';
import { useMarkAllRead } from '#src/features/notifications/hooks/use-mark-all-read.ts';
import { useNow } from '#src/features/notifications/hooks/use-now.ts';
import { useOpenNotification } from '#src/features/notifications/hooks/use-open-notification.ts';
import { NotificationListItem } from './notification-list-item.tsx';

export function NotificationList() {
  const center = useNotificationCenter();
  const markRead = useMarkNotificationRead();
  const { markAllRead, isPending: isMarkingAll } = useMarkAllRead();
  const openNotification = useOpenNotification();
  const now = useNow();
  const items = (center.data?.pages ?? []).flatMap((page) => page.items);
  const unread = center.data?.pages[0]?.unreadCount ?? 0;

  function handleMarkRead(notification: TNotification) {
    markRead.mutate(notification.id, {
      onError: () => toast.error(NOTIFICATION_TEXTS.markFailed),
    });
  }

  if (center.isPending) return <Spinner label="Loading notifications" className="min-h-64" />;
  if (center.isError) {
    return (
      <p role="alert" className="py-12 text-center text-sm text-danger">
        {NOTIFICATION_TEXTS.loadFailed}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center gap-2 text-center">
        <BellOff className="h-8 w-8 text-ink-muted" aria-hidden />
        <p className="font-semibold text-ink">{NOTIFICATION_TEXTS.empty}</p>
        <p className="text-sm text-ink-muted">{NOTIFICATION_TEXTS.emptyHint}</p>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {formatBadgeCount(unread, NOTIFICATION_UNREAD_COUNT_CAP)} unread
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || isMarkingAll}
          onClick={markAllRead}
        >
          {NOTIFICATION_TEXTS.markAllAsRead}
        </Button>
      </div>
      <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface">
        {items.map((item) => (
          <NotificationListItem
            key={item.id}
            notification={item}
            now={now}
            isMarking={markRead.isPending && markRead.variables === item.id}
            onOpen={(notification) => void openNotification(notification)}
            onMarkRead={handleMarkRead}
          />
        ))}
      </ul>
      {center.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void center.fetchNextPage()}
            disabled={center.isFetchingNextPage}
          >
            {center.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
