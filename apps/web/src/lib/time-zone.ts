/** The browser's IANA time zone ('America/New_York'); times are shown and days grouped in it. */
export function getBrowserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A date and time that says its zone: 'Mar 14, 2026, 2:02 PM EST', or an offset such as
 * 'GMT+1' where the zone has no common abbreviation. For logs, where the zone must be explicit.
 */
export function formatDateTimeWithZone(value: string, timeZone?: string): string {
  return new Date(value).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** A time of day with its zone: '2:02 PM EST'. */
export function formatTimeWithZone(value: string, timeZone?: string): string {
  return new Date(value).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** 'America/New_York (UTC−05:00)': the zone's name and its offset at `at`. */
export function describeTimeZone(timeZone: string, at: Date = new Date()): string {
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return `${timeZone} (${offset === 'GMT' ? 'UTC' : offset.replace('GMT', 'UTC')})`;
}
