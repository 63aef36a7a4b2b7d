import { performance } from 'node:perf_hooks';

/**
 * Streams wait at least this long after a flush while events keep coming: each write to a socket
 * is a system call (about 5 µs here, more with the receiver's wake-up), so at 1,000 streams
 * writing every event separately caps an instance near 100 events per second and starves its
 * API. An event after a quiet spell leaves at once; under load, events wait and leave together.
 */
export const COALESCE_MS = 10;
/**
 * The share of the thread that writing to the streams may take: half, or a sixth when the thread
 * has been saturated for a while. Then requests are waiting for it (the changes being made), and
 * every flush costs a write per stream however few events it carries: waiting longer lets more
 * events share each write (ADR 0031).
 */
const SHARE_WHEN_IDLE = 1 / 2;
const SHARE_WHEN_BUSY = 1 / 6;
/** Above this share of time running lately, the thread counts as busy. */
const BUSY_UTILIZATION = 0.9;
/**
 * "Lately": the utilisation is averaged over about this long, so that one slow flush (a burst of
 * events, the machine's other processes taking the core) does not count as a saturated thread.
 */
export const UTILIZATION_SMOOTHING_MS = 1_000;

export type Flushable = { flush(): void };

export type CoalescerOptions = {
  intervalMs?: number;
  now?: () => number;
  /** The share of time the thread has been running lately (0 to 1). */
  utilization?: () => number;
};

/** What the thread did since the previous sample: the share of it running, over how long. */
export type UtilizationSample = { utilization: number; elapsedMs: number };

/** The event loop since the previous call, from Node's own measure. */
function sampleEventLoop(): () => UtilizationSample {
  let previous = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const { utilization, idle, active } = performance.eventLoopUtilization(current, previous);
    previous = current;
    return { utilization, elapsedMs: idle + active };
  };
}

/**
 * The utilisation averaged over about UTILIZATION_SMOOTHING_MS: each sample weighs by the time
 * it covers, so a sustained load raises it and a moment's spike does not.
 */
export function smoothedUtilization(sample = sampleEventLoop()): () => number {
  let smoothed = 0;
  return () => {
    const { utilization, elapsedMs } = sample();
    // A sample that covers no time has no utilisation (Node answers NaN): it changes nothing,
    // rather than leaving the average NaN, never busy, for the life of the process.
    if (!(elapsedMs > 0) || !Number.isFinite(utilization)) return smoothed;
    smoothed += (utilization - smoothed) * Math.min(1, elapsedMs / UTILIZATION_SMOOTHING_MS);
    return smoothed;
  };
}

/**
 * Streams with frames waiting, flushed together by one timer for the whole process. The wait
 * counts from the end of the last flush and grows with what the flush cost: writing to the
 * streams takes at most half of the thread, and a sixth once the thread is saturated, so the
 * requests that make the changes keep the rest and more events leave in each write.
 */
export function createWriteCoalescer({
  intervalMs = COALESCE_MS,
  now = () => performance.now(),
  utilization = smoothedUtilization(),
}: CoalescerOptions = {}) {
  const waiting = new Set<Flushable>();
  let isScheduled = false;
  let nextFlushAt = -Infinity;

  function flushAll() {
    isScheduled = false;
    const share = utilization() > BUSY_UTILIZATION ? SHARE_WHEN_BUSY : SHARE_WHEN_IDLE;
    const startedAt = now();
    const streams = Array.from(waiting);
    waiting.clear();
    for (const stream of streams) stream.flush();
    const waitAfter = (endedAt: number) =>
      endedAt + Math.max(intervalMs, ((endedAt - startedAt) * (1 - share)) / share);
    nextFlushAt = waitAfter(now());
    // A response corks its socket and writes on the next tick, after this one's: most of the
    // flush's cost comes then, so it is measured once those writes have run.
    process.nextTick(() => {
      nextFlushAt = waitAfter(now());
    });
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
