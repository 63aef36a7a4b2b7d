/** One date formatter for the web app and the treatment summary: it lives in the domain package. */
export { formatDate } from '@casebridge/domain/format/date';

// Formatters are made once: `toLocaleString` with options builds a new one on every call, which
// a long list pays for on every row.
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const USD_FORMAT = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDateTime(value: string): string {
  const date = new Date(value);
  // The formatter throws on an invalid date, where toLocaleString said 'Invalid Date'.
  return Number.isNaN(date.getTime()) ? value : DATE_TIME_FORMAT.format(date);
}

/** Integer cents as US dollars. */
export function formatCents(cents: number): string {
  return USD_FORMAT.format(cents / 100);
}

/** Today's local date as `YYYY-MM-DD` (the value a date input takes). */
export function getTodayIsoDate(): string {
  return new Date().toLocaleDateString('en-CA');
}

/** A time of day as the user's clock shows it, e.g. `14:02`. */
export function formatClockTime(value: string): string {
  return new Date(value).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
