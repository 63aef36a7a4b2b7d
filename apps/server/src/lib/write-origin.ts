import { AsyncLocalStorage } from 'node:async_hooks';
import { ZWriteOrigin } from '@casebridge/domain/events/live-events';

/**
 * The browser write a request is (WRITE_ORIGIN_HEADER, `<tab>.<n>`) and who made it, for the
 * events the request publishes: they carry it back to that user's streams, so the tab knows its
 * own change (issue 12). Held for the request's asynchronous life, so publishEvent finds it
 * however deep the service that publishes; outside a request there is none.
 */
export type WriteOrigin = { origin: string; userId: string | null };

const storage = new AsyncLocalStorage<WriteOrigin>();

/** Runs the rest of the request with its origin, when the header holds a valid one. */
export function runWithWriteOrigin(header: unknown, next: () => void): void {
  const parsed = ZWriteOrigin.safeParse(header);
  if (!parsed.success) {
    next();
    return;
  }
  storage.run({ origin: parsed.data, userId: null }, next);
}

/** Records who the request acts for, once known: only that user's streams see the origin. */
export function setWriteOriginUser(userId: string): void {
  const current = storage.getStore();
  if (current) current.userId = userId;
}

/** The current request's origin, if it has one and its user is known. */
export function currentWriteOrigin(): { origin: string; userId: string } | null {
  const current = storage.getStore();
  return current?.userId ? { origin: current.origin, userId: current.userId } : null;
}
