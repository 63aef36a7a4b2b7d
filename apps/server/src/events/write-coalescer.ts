/**
 * Streams wait at least this long after a flush while events keep coming: each write to a socket
 * is a system call (about 5 µs here, more with the receiver's wake-up), so at 1,000 streams
 * writing every event separately caps an instance near 100 events per second and starves its
 * API. An event after a quiet spell leaves at once; under load, events wait and leave together.
 */
export const COALESCE_MS = 10;

export type Flushable = { flush(): void };

/**
 * Streams with frames waiting, flushed together by one timer for the whole process. The wait
 * counts from the end of the last flush and is never shorter than that flush took, so writing
 * to the streams takes at most half of the thread however many there are, and the requests
 * that make the changes keep the other half.
 */
export function createWriteCoalescer({
  intervalMs = COALESCE_MS,
  now = () => performance.now(),
}: { intervalMs?: number; now?: () => number } = {}) {
  const waiting = new Set<Flushable>();
  let isScheduled = false;
  let nextFlushAt = -Infinity;

  function flushAll() {
    isScheduled = false;
    const startedAt = now();
    const streams = Array.from(waiting);
    waiting.clear();
    for (const stream of streams) stream.flush();
    const endedAt = now();
    nextFlushAt = endedAt + Math.max(intervalMs, endedAt - startedAt);
  }

  return {
    schedule(stream: Flushable) {
      waiting.add(stream);
      if (isScheduled) return;
      isScheduled = true;
      const wait = nextFlushAt - now();
      if (wait <= 0) setImmediate(flushAll);
      else setTimeout(flushAll, wait);
    },
    cancel(stream: Flushable) {
      waiting.delete(stream);
    },
  };
}
