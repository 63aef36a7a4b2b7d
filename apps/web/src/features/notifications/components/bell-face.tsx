import { NOTIFICATION_BADGE_CAP } from '@casebridge/domain/constants';
import { formatBadgeCount } from '@casebridge/domain/format/relative-time';
import { Bell } from 'lucide-react';

/** The bell's box in the header: the menu's trigger, and its stand-in until the menu loads. */
export const BELL_TRIGGER_CLASS =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink';

/** What the bell shows: the icon and the unread badge, capped at '99+'. */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="h-5 w-5" aria-hidden />
      {unread > 0 ? (
        <span
          aria-hidden
          data-testid="notification-badge"
          className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-700 px-1 text-center text-[0.6875rem] font-bold leading-5 text-white"
        >
          {formatBadgeCount(unread, NOTIFICATION_BADGE_CAP)}
        </span>
      ) : null}
    </>
  );
}
