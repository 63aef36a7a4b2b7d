/** Integration point in the header; the notifications issue fills it. */
export function NotificationBell() {
  return null;
}
