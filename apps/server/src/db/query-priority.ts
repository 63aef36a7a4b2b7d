import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Writes first on the embedded database. PGlite runs one statement or transaction at a
 * time, first come first served, so under many readers a write request waits behind the whole
 * queue for each of its statements, and with 200 clients every status change timed out. A write
 * request (any method but GET, HEAD and OPTIONS) runs with priority: each of its statements and
 * transactions goes ahead of the readers waiting, so it waits for at most the statement running
 * and the other writes. PostgreSQL runs statements side by side and needs none of this.
 */
const priority = new AsyncLocalStorage<true>();

/** Runs the rest of a request with priority. */
export function runWithQueryPriority(next: () => void): void {
  priority.run(true, next);
}

export function hasQueryPriority(): boolean {
  return priority.getStore() === true;
}

/** Admits one operation at a time: those with priority first, each kind in arrival order. */
export type QueryGate = <T>(isUrgent: boolean, operation: () => Promise<T>) => Promise<T>;

/** The longest the gate runs operations back to back before letting the event loop turn. */
const TIME_SLICE_MS = 20;

export function createQueryGate(): QueryGate {
  let isBusy = false;
  const urgent: Array<() => void> = [];
  const normal: Array<() => void> = [];

  // PGlite runs on this thread, and operations handed over as promise callbacks never let the
  // event loop turn: timers, sockets and crypto callbacks wait until the queue is empty. A write
  // request waiting on one (better-auth checks the cookie's signature with WebCrypto) would wait
  // for every queued read. So once the gate has been busy for a time slice without a break, the
  // next operation starts on the loop's next turn.
  let sliceStartedAt = performance.now();
  const startNext = () => {
    const next = urgent.shift() ?? normal.shift();
    if (next) next();
    else isBusy = false;
  };
  const handOver = () => {
    if (urgent.length === 0 && normal.length === 0) {
      isBusy = false;
      return;
    }
    if (performance.now() - sliceStartedAt < TIME_SLICE_MS) {
      startNext();
      return;
    }
    setImmediate(() => {
      sliceStartedAt = performance.now();
      startNext();
    });
  };

  return async (isUrgent, operation) => {
    if (isBusy) await new Promise<void>((resolve) => (isUrgent ? urgent : normal).push(resolve));
    else sliceStartedAt = performance.now();
    isBusy = true;
    try {
      return await operation();
    } finally {
      handOver();
    }
  };
}
