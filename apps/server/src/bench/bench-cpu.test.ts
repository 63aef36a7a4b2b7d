import { describe, expect, it } from 'vitest';
import {
  cpuBetween,
  cpuPerRequest,
  findPostmaster,
  measureCpu,
  parseProcessStat,
} from './bench-cpu.ts';

describe('parseProcessStat', () => {
  it('reads the parent and adds user and system ticks (10 ms each), after the command', () => {
    // A command holding spaces and a parenthesis must not shift the fields.
    const line =
      '4242 (node (main) x) S 1 4242 4242 0 -1 4194560 5000 0 0 0 123 45 7 9 20 0 11 0 100 0 0';
    expect(parseProcessStat(line)).toEqual({ parentPid: 1, cpuMs: (123 + 45) * 10 });
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseProcessStat('no such process')).toThrow(/not a \/proc stat line/);
  });
});

describe('cpuBetween', () => {
  it('counts a database process that started meanwhile whole, and one that ended not at all', () => {
    const start = {
      serverMs: 1_000,
      databaseMs: new Map([
        [10, 500],
        [11, 70],
      ]),
      loadGeneratorMs: 300,
    };
    const end = {
      serverMs: 1_900,
      databaseMs: new Map([
        [10, 800],
        [12, 40],
      ]),
      loadGeneratorMs: 420,
    };
    expect(cpuBetween(start, end)).toEqual({
      serverMs: 900,
      databaseMs: 300 + 40,
      loadGeneratorMs: 120,
    });
  });

  it('has no database figure when no database process was seen', () => {
    const reading = { serverMs: 0, databaseMs: new Map(), loadGeneratorMs: 0 };
    expect(cpuBetween(reading, reading).databaseMs).toBeNaN();
  });
});

describe('cpuPerRequest', () => {
  it('shares the CPU among the requests and gives the rate the cores allow at that cost', () => {
    const perRequest = cpuPerRequest(
      { serverMs: 800, databaseMs: 500, loadGeneratorMs: 200 },
      1_000,
      2,
    );
    expect(perRequest).toEqual({
      serverMs: 0.8,
      databaseMs: 0.5,
      loadGeneratorMs: 0.2,
      totalMs: 1.5,
      ceilingPerSecond: 2_000 / 1.5,
    });
  });

  it('has no figures without requests', () => {
    const perRequest = cpuPerRequest({ serverMs: 1, databaseMs: 1, loadGeneratorMs: 1 }, 0, 2);
    expect(perRequest.totalMs).toBeNaN();
    expect(perRequest.ceilingPerSecond).toBeNaN();
  });
});

describe.runIf(process.platform === 'linux')('measureCpu', () => {
  it('reads the CPU spent after the warm-up only', async () => {
    // Spins for this much of this process's CPU time, however busy the machine is.
    const spin = (ms: number) => {
      const start = process.cpuUsage();
      let sink = 0;
      while (process.cpuUsage(start).user < ms * 1_000)
        for (let index = 0; index < 100_000; index += 1) sink += index;
      return sink;
    };
    const before = process.cpuUsage();
    const sources = { serverPid: process.pid, postmasterPid: findPostmaster(process.pid) };
    const { result, spent } = await measureCpu(50, sources, async () => {
      spin(200); // the warm-up: its timer fires only once this returns to the event loop
      await new Promise((resolve) => setTimeout(resolve, 0));
      spin(100);
      return 'done';
    });
    const whole = process.cpuUsage(before);
    const wholeMs = (whole.user + whole.system) / 1_000;
    expect(result).toBe('done');
    // This process is both the server and the load generator here; /proc counts in 10 ms ticks,
    // so each of its two readings may be a tick short.
    expect(spent.loadGeneratorMs).toBeGreaterThanOrEqual(100);
    expect(spent.loadGeneratorMs).toBeLessThanOrEqual(wholeMs - 200);
    expect(spent.serverMs).toBeGreaterThanOrEqual(100 - 20);
    expect(spent.serverMs).toBeLessThanOrEqual(wholeMs - 200 + 20);
    // Standing in for the postmaster, the parent of this process: its processes are counted.
    expect(spent.databaseMs).toBeGreaterThanOrEqual(100 - 20);
  });

  it('has no database figure when the database is not on this machine', async () => {
    expect(findPostmaster(2 ** 22 + 1)).toBeNull(); // above Linux's largest pid
    const sources = { serverPid: null, postmasterPid: null };
    const { spent } = await measureCpu(0, sources, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(spent.databaseMs).toBeNaN();
  });

  it('fails when the run ends before its warm-up', async () => {
    const sources = { serverPid: null, postmasterPid: null };
    await expect(measureCpu(10_000, sources, async () => 'early')).rejects.toThrow(/warm-up/);
  });
});
