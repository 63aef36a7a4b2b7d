/**
 * What the PostgreSQL pool (pg-pool) raises when no connection came free within its connect
 * timeout, or a new one could not be opened in time: the database is busy (a reconnect storm, a
 * burst of uploads) or out of reach. Not a fault of the request: it answers 503 with Retry-After,
 * so clients and proxies retry, never a bare 500. Drizzle wraps the error in its own, with the
 * pool's as the cause.
 */
const BUSY = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated due to connection timeout$/,
];

export const DATABASE_BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';
/** Long enough for a burst to drain, short enough for a person not to give up. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

export function isDatabaseBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (BUSY.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
    current = current.cause;
  }
  return false;
}
