import { useNotificationPreview } from '#src/features/notifications/api/notifications-api.ts';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { BELL_TRIGGER_CLASS, BellFace } from './bell-face.tsx';

// Loaded as soon as the header first renders, like the account menu (header-menus.tsx): until
// the Radix menu arrives, the bell's place shows the same icon and unread badge, inert.
const NotificationBell = lazyComponent(
  () => import('./notification-bell.tsx'),
  (module) => module.NotificationBell,
);

function BellStandIn() {
  const unread = useNotificationPreview().data?.unreadCount ?? 0;
  return (
    <span aria-hidden className={BELL_TRIGGER_CLASS}>
      <BellFace unread={unread} />
    </span>
  );
}

/** The header's notification bell, fetched with the header rather than before it. */
export function HeaderNotificationBell() {
  return (
    <LazyBoundary fallback={<BellStandIn />}>
      <NotificationBell.Component />
    </LazyBoundary>
  );
}
