import { NOTIFICATION_BADGE_CAP } from '@casebridge/domain/constants';
import { formatBadgeCount, formatRelativeTime } from '@casebridge/domain/format/relative-time';
import {
  NOTIFICATION_TEXTS,
  type TNotification,
} from '@casebridge/domain/notifications/notification.schemas';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { cn } from '#src/lib/cn.ts';
import { HEADER_MENU_OFFSET_PX } from '#src/components/layouts/toast-area.ts';
import { useNotificationPreview } from '#src/features/notifications/api/notifications-api.ts';
import { useMarkAllRead } from '#src/features/notifications/hooks/use-mark-all-read.ts';
import { useNow } from '#src/features/notifications/hooks/use-now.ts';
import { useOpenNotification } from '#src/features/notifications/hooks/use-open-notification.ts';
import { BELL_TRIGGER_CLASS, BellFace } from './bell-face.tsx';

const itemClass =
  'flex cursor-pointer select-none flex-col gap-0.5 rounded-md px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-surface-muted';

type BellItemProps = {
  notification: TNotification;
  now: Date;
  onOpen: (notification: TNotification) => void;
};

function BellItem({ notification, now, onOpen }: BellItemProps) {
  return (
    <DropdownMenu.Item
      className={cn(itemClass, !notification.isRead && 'bg-brand/10')}
      onSelect={() => onOpen(notification)}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="truncate font-semibold text-ink">
          {notification.patientName ?? 'CaseBridge'}
        </span>
        <span className="shrink-0 text-xs text-ink-muted">
          {formatRelativeTime(notification.createdAt, now)}
        </span>
      </span>
      <span className="line-clamp-2 text-ink">{notification.content}</span>
      {notification.isRead ? null : <span className="sr-only">Unread</span>}
    </DropdownMenu.Item>
  );
}

/** The header bell: unread badge capped at '99+', the first 10 notifications, live. */
export function NotificationBell() {
  const preview = useNotificationPreview();
  const { markAllRead, isPending } = useMarkAllRead();
  // Held here, not in the items: the menu unmounts them as it closes.
  const openNotification = useOpenNotification();
  const now = useNow();
  const unread = preview.data?.unreadCount ?? 0;
  const badge = formatBadgeCount(unread, NOTIFICATION_BADGE_CAP);
  const items = preview.data?.items ?? [];

  return (
    // Not modal: a modal menu hides the whole page from assistive technology while open.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
          className={BELL_TRIGGER_CLASS}
        >
          <BellFace unread={unread} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          // Below the toast band: 'Mark all as read' toasts and the menu stays usable.
          sideOffset={HEADER_MENU_OFFSET_PX}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-border bg-surface p-1 text-ink shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <DropdownMenu.Label className="text-sm font-semibold text-ink">
              Notifications
            </DropdownMenu.Label>
            <DropdownMenu.Item
              disabled={unread === 0 || isPending}
              onSelect={(event) => {
                // Stay open: the list turns read in place.
                event.preventDefault();
                markAllRead();
              }}
              className="cursor-pointer rounded px-2 py-1 text-xs font-medium text-brand outline-none data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted data-[highlighted]:bg-surface-muted"
            >
              {NOTIFICATION_TEXTS.markAllAsRead}
            </DropdownMenu.Item>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {/* A long list scrolls; as a tab stop it scrolls by keyboard too (the arrow keys move
              between the items, and the menu scrolls the highlighted one into view). */}
          <div
            role="group"
            aria-label="Latest notifications"
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
            tabIndex={0}
            className="max-h-[min(24rem,60vh)] overflow-y-auto rounded outline-none focus-visible:ring-2 focus-visible:ring-brand"
          >
            {preview.isPending ? (
              <DropdownMenu.Label className="px-3 py-6 text-center text-sm text-ink-muted">
                Loading notifications...
              </DropdownMenu.Label>
            ) : items.length === 0 ? (
              <DropdownMenu.Label className="px-3 py-6 text-center text-sm text-ink-muted">
                {NOTIFICATION_TEXTS.empty}
              </DropdownMenu.Label>
            ) : (
              items.map((item) => (
                <BellItem
                  key={item.id}
                  notification={item}
                  now={now}
                  onOpen={(notification) => void openNotification(notification)}
                />
              ))
            )}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild>
            <Link
              to="/notifications"
              className="block rounded-md px-3 py-2 text-center text-sm font-medium text-brand outline-none data-[highlighted]:bg-surface-muted"
            >
              {NOTIFICATION_TEXTS.viewAll}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
