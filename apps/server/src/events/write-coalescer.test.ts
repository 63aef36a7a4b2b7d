import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWriteCoalescer } from './write-coalescer.ts';

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

  it('waits twice as long as a flush took once the thread is saturated', async () => {
    const { coalescer, stream, flushedAt, wait } = setup(30, 0.95);
    coalescer.schedule(stream);
    await wait(0);
    // The flush took 30 ms and writing may keep a third of the thread: the next starts at 90.
    coalescer.schedule(stream);
    await wait(59);
    expect(flushedAt).toEqual([0]);
    await wait(1);
    expect(flushedAt).toEqual([0, 90]);
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
