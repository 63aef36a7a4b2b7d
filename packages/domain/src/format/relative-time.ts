const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec section 9: under a minute 'Just now', then 'Xm ago', 'Xh ago', 'Xd ago'. */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(date).getTime();
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

/** The bell badge: the unread count, capped at '99+'. */
export function formatBadgeCount(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}
