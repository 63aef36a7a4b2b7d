import { formatRelativeTime } from '@casebridge/domain/format/relative-time';
import {
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPE_LABELS,
  type TNotification,
} from '@casebridge/domain/notifications/notification.schemas';
import { ROLE_LABELS, isRole } from '@casebridge/domain/roles';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/cn.ts';

type NotificationListItemProps = {
  notification: TNotification;
  now: Date;
  isMarking: boolean;
  onOpen: (notification: TNotification) => void;
  onMarkRead: (notification: TNotification) => void;
};

export function NotificationListItem(props: NotificationListItemProps) {
  const { notification, now, isMarking, onOpen, onMarkRead } = props;
  const role = notification.fromRole;
  const roleLabel = role && isRole(role) ? ROLE_LABELS[role] : 'System';
  return (
    <li
      className={cn(
        'flex flex-col gap-3 border-l-4 p-4 sm:flex-row sm:items-start sm:justify-between',
        notification.isRead ? 'border-transparent' : 'border-brand bg-brand/10',
      )}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-semibold text-ink">{notification.patientName ?? 'CaseBridge'}</span>
          <time
            dateTime={notification.createdAt}
            title={new Date(notification.createdAt).toLocaleString()}
            className="text-xs text-ink-muted"
          >
            {formatRelativeTime(notification.createdAt, now)}
          </time>
          {notification.isRead ? null : (
            <span className="rounded-full bg-brand px-2 text-xs font-semibold text-brand-ink">
              Unread
            </span>
          )}
        </p>
        {notification.linkTo ? (
          <button
            type="button"
            onClick={() => onOpen(notification)}
            className="text-left text-sm text-ink underline-offset-2 hover:underline"
          >
            {notification.content}
          </button>
        ) : (
          <p className="text-sm text-ink">{notification.content}</p>
        )}
        <p className="text-xs text-ink-muted">
          From: {roleLabel} · Type: {NOTIFICATION_TYPE_LABELS[notification.type]}
        </p>
      </div>
      {notification.isRead ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start"
          disabled={isMarking}
          onClick={() => onMarkRead(notification)}
        >
          {NOTIFICATION_TEXTS.markAsRead}
        </Button>
      )}
    </li>
  );
}
