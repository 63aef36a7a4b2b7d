/**
 * At most one write per stream per this many milliseconds while events keep coming: each write
 * to a socket is a system call (about 15 µs here), so at 1,000 streams writing every event
 * separately caps an instance near 60 events per second. An event after a quiet spell leaves at
 * once; under load, events wait up to this long and leave together.
 */
export const COALESCE_MS = 10;

export type Flushable = { flush(): void };

/** Streams with frames waiting, flushed together by one timer for the whole process. */
export function createWriteCoalescer(intervalMs = COALESCE_MS) {
  const waiting = new Set<Flushable>();
  let isScheduled = false;
  let lastFlushAt = -Infinity;

  function flushAll() {
    isScheduled = false;
    lastFlushAt = performance.now();
    const streams = Array.from(waiting);
    waiting.clear();
    for (const stream of streams) stream.flush();
  }

  return {
    schedule(stream: Flushable) {
      waiting.add(stream);
      if (isScheduled) return;
      isScheduled = true;
      const wait = lastFlushAt + intervalMs - performance.now();
      if (wait <= 0) setImmediate(flushAll);
      else setTimeout(flushAll, wait);
    },
    cancel(stream: Flushable) {
      waiting.delete(stream);
    },
  };
}
