import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createWriteCoalescer,
  smoothedUtilization,
  UTILIZATION_SMOOTHING_MS,
  type UtilizationSample,
} from './write-coalescer.ts';

/** A clock the test moves; a flush may take time by moving it while it writes. */
function setup(flushTakesMs = 0, utilization = 0.5) {
  let clock = 0;
  const flushedAt: number[] = [];
  const coalescer = createWriteCoalescer({
    intervalMs: 10,
    now: () => clock,
    utilization: () => utilization,
  });
  const stream = {
    flush() {
      flushedAt.push(clock);
      clock += flushTakesMs;
    },
  };
  /** Moves the clock and fires what falls due, as the event loop would. */
  const wait = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  return { coalescer, stream, flushedAt, wait };
}

describe('write coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes an event after a quiet spell at once, and one write for events in a burst', async () => {
    const { coalescer, stream, flushedAt, wait } = setup();
    coalescer.schedule(stream);
    await wait(0);
    expect(flushedAt).toEqual([0]);

    coalescer.schedule(stream);
    coalescer.schedule(stream);
    await wait(9);
    expect(flushedAt).toEqual([0]);
    await wait(1);
    expect(flushedAt).toEqual([0, 10]);
  });

  it('waits after a slow flush as long as it took, so writing keeps at most half the thread', async () => {
    const { coalescer, stream, flushedAt, wait } = setup(30);
    coalescer.schedule(stream);
    await wait(0);
    expect(flushedAt).toEqual([0]);
    // The flush ended at 30 ms; the next may start at 60, not 10 ms after the first began.
    coalescer.schedule(stream);
    await wait(29);
    expect(flushedAt).toEqual([0]);
    await wait(1);
    expect(flushedAt).toEqual([0, 60]);
  });

  it('waits five times as long as a flush took once the thread is saturated', async () => {
    const { coalescer, stream, flushedAt, wait } = setup(30, 0.95);
    coalescer.schedule(stream);
    await wait(0);
    // The flush took 30 ms and writing may keep a sixth of the thread: the next starts at 180.
    coalescer.schedule(stream);
    await wait(149);
    expect(flushedAt).toEqual([0]);
    await wait(1);
    expect(flushedAt).toEqual([0, 180]);
  });

  it('counts the writes a flush left to the next tick as part of its cost', async () => {
    let clock = 0;
    const flushedAt: number[] = [];
    const coalescer = createWriteCoalescer({
      intervalMs: 10,
      now: () => clock,
      utilization: () => 0.5,
    });
    // As a response does: the frame is queued now and reaches the socket on the next tick.
    const stream = {
      flush() {
        flushedAt.push(clock);
        process.nextTick(() => (clock += 30));
      },
    };
    coalescer.schedule(stream);
    await vi.advanceTimersByTimeAsync(0);
    coalescer.schedule(stream);
    clock += 29;
    await vi.advanceTimersByTimeAsync(29);
    expect(flushedAt).toEqual([0]);
    clock += 1;
    await vi.advanceTimersByTimeAsync(1);
    expect(flushedAt).toEqual([0, 60]);
  });

  it('does not write a stream that was cancelled while it waited', async () => {
    const { coalescer, stream, flushedAt, wait } = setup();
    coalescer.schedule(stream);
    coalescer.cancel(stream);
    await wait(0);
    expect(flushedAt).toEqual([]);
  });
});

describe('smoothed utilisation', () => {
  /** A thread sampled every `everyMs`, running the given shares in turn. */
  function measure(shares: readonly number[], everyMs: number, samples: number) {
    let index = 0;
    const sample = (): UtilizationSample => ({
      utilization: shares[index++ % shares.length]!,
      elapsedMs: everyMs,
    });
    const read = smoothedUtilization(sample);
    let last = 0;
    for (let count = 0; count < samples; count += 1) last = read();
    return last;
  }

  it('rises to a load the thread has carried for a few seconds', () => {
    expect(measure([0.95], 20, UTILIZATION_SMOOTHING_MS / 20)).toBeLessThan(0.9);
    expect(measure([0.95], 20, (4 * UTILIZATION_SMOOTHING_MS) / 20)).toBeGreaterThan(0.9);
  });

  it('does not count a flush that kept the thread busy for a moment as a saturated thread', () => {
    // An idle engine thread: a slow flush now and then (a burst, the core taken by others).
    expect(measure([0.4, 0.4, 0.4, 1], 20, 200)).toBeLessThan(0.7);
    const afterSpike = smoothedUtilization(
      (
        (samples: UtilizationSample[]) => () =>
          samples.shift()!
      )([
        { utilization: 0.3, elapsedMs: 2_000 },
        { utilization: 1, elapsedMs: 40 },
      ]),
    );
    afterSpike();
    expect(afterSpike()).toBeLessThan(0.35);
  });

  it('takes the whole of a long quiet spell at its word', () => {
    const read = smoothedUtilization(
      (
        (samples: UtilizationSample[]) => () =>
          samples.shift()!
      )([
        { utilization: 1, elapsedMs: 5_000 },
        { utilization: 0.05, elapsedMs: 3_000 },
      ]),
    );
    expect(read()).toBe(1);
    expect(read()).toBeCloseTo(0.05, 10);
  });

  it('ignores a sample that covers no time, which has no utilisation', () => {
    const read = smoothedUtilization(
      (
        (samples: UtilizationSample[]) => () =>
          samples.shift()!
      )([
        { utilization: 0.95, elapsedMs: 5_000 },
        { utilization: Number.NaN, elapsedMs: 0 },
        { utilization: 0.97, elapsedMs: 20 },
      ]),
    );
    expect(read()).toBe(0.95);
    expect(read()).toBe(0.95);
    expect(read()).toBeGreaterThan(0.9);
  });
});
