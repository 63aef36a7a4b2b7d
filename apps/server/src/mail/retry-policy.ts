const DAY_MS = 24 * 60 * 60_000;

/**
 * How long a mail keeps being retried, counted from when it was queued (or requeued by an admin).
 * Three days outlasts a weekend-long SMTP outage; after it the mail is marked failed with the
 * reason, and an admin can requeue it from the outbox.
 */
export const MAIL_GIVE_UP_AFTER_MS = 3 * DAY_MS;

/** The longest wait between two attempts, so a recovered SMTP server is used within the hour. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at MAX_RETRY_DELAY_MS. */
export function getRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** The reason stored on a mail that ran out of time, e.g. 'Gave up after 3 days: …'. */
export function getGiveUpReason(lastError: string): string {
  const days = MAIL_GIVE_UP_AFTER_MS / DAY_MS;
  return `Gave up after ${days} ${days === 1 ? 'day' : 'days'}: ${lastError}`;
}
