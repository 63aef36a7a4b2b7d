/** Formats a `YYYY-MM-DD` date (or ISO timestamp) for display, without shifting the day. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Not set';
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

export function formatDateTime(value: string): string {
  return new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Integer cents as US dollars. */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** Today's local date as `YYYY-MM-DD` (the value a date input takes). */
export function getTodayIsoDate(): string {
  return new Date().toLocaleDateString('en-CA');
}
