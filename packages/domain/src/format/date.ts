/**
 * A `YYYY-MM-DD` date (or the date part of an ISO timestamp) as 'Mar 12, 2026', read in UTC so
 * the day never shifts with the viewer's time zone; empty reads 'Not set' (the date cards and the
 * treatment summary), and a value that is not a date is shown as it is.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Not set';
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return value;
  return DATE_FORMAT.format(Date.UTC(year, month - 1, day));
}

// One formatter, made once: `toLocaleDateString` with options builds a new one on every call,
// which a list of patient cards paid for with most of its rendering time on a slow phone.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
