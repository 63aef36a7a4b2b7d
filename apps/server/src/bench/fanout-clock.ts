import { performance } from 'node:perf_hooks';

/**
 * Milliseconds on a clock that the bench and its child processes share: the high-resolution
 * wall clock (time origin + monotonic offset), so a receive time taken in a subscriber process
 * can be subtracted from an acknowledgement time taken in the writer.
 */
export function now(): number {
  return performance.timeOrigin + performance.now();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
