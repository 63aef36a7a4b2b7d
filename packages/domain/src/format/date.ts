/**
 * A `YYYY-MM-DD` date (or the date part of an ISO timestamp) as 'Mar 12, 2026', read in UTC so
 * the day never shifts with the viewer's time zone; empty reads 'Not set' (the date cards and the
 * treatment summary), and a value that is not a date is shown as it is.
 */
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
