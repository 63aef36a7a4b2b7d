/** One date formatter for the web app and the treatment summary: it lives in the domain package. */
export { formatDate } from '@casebridge/domain/format/date';

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

/** A time of day as the user's clock shows it, e.g. `14:02`. */
export function formatClockTime(value: string): string {
  return new Date(value).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
