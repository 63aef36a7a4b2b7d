import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobPauses, jobs } from '#src/db/schema/index.ts';
import { useTestServer } from '#src/test/test-server.ts';
import { defineJob, type JobDefinition, type JobFailure } from './job-definition.ts';
import { enqueueJobs } from './job-queue.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/** A job whose runs the test scripts: each run takes the next behaviour, then succeeds. */
function scriptedJob(
  name: string,
  options: Partial<JobDefinition<{ n: number }>> & {
    script?: Array<'fail' | 'hang' | (() => Promise<void>)>;
  } = {},
) {
  const runs: number[] = [];
  const failures: JobFailure[] = [];
  const settled: number[] = [];
  const script = [...(options.script ?? [])];
  const definition = defineJob({
    name,
    payload: z.object({ n: z.number() }),
    timeoutMs: 2_000,
    retry: { maxAttempts: 3, delayMs: (attempt) => attempt * 60_000 },
    ...options,
    async run(payload, { attempt, signal }) {
      runs.push(attempt);
      const step = script.shift();
      if (step === 'fail') throw new Error(`run ${attempt} failed`);
      if (step === 'hang')
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      if (typeof step === 'function') await step();
      return { settle: async () => void settled.push(payload.n) };
    },
    async onFailure(_tx, _payload, failure) {
      failures.push(failure);
    },
  });
  return { definition, runs, failures, settled };
}

describe('the job runner', () => {
  const setup = useTestServer('admin@demo.test');
  const runners: JobRunner[] = [];
  const runnerOf = (...definitions: JobDefinition<{ n: number }>[]) => {
    const runner = createJobRunner({
      db: setup.server.context.db,
      definitions,
      appUrl: 'http://localhost:3000',
      log: quiet,
    });
    runners.push(runner);
    return runner;
  };
  const rowsOf = (name: string) =>
    setup.server.context.db.select().from(jobs).where(eq(jobs.name, name));
  const enqueue = (name: string, n: number, key?: string) =>
    enqueueJobs(setup.server.context.db, [{ name, payload: { n }, ...(key ? { key } : {}) }]);

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });

  it('runs a queued job once, settles its effect with its end and deletes its row', async () => {
    const job = scriptedJob('test.once');
    await enqueue('test.once', 7);
    const runner = runnerOf(job.definition);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(job.runs).toEqual([1]);
    expect(job.settled).toEqual([7]);
    expect(await rowsOf('test.once')).toEqual([]);
  });

  it('retries a failure after its backoff, then marks the job failed after the last attempt', async () => {
    const job = scriptedJob('test.retry', { script: ['fail', 'fail', 'fail'] });
    await enqueue('test.retry', 1);
    const runner = runnerOf(job.definition);
    expect(await runner.runDue()).toBe(0);
    const [waiting] = await rowsOf('test.retry');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'run 1 failed' });
    // The first backoff step: a minute.
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + 55_000);
    expect(await runner.runDue()).toBe(0);
    expect(job.runs).toEqual([1]);

    for (const attempt of [2, 3]) {
      await setup.server.context.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.name, 'test.retry'));
      await runner.runDue();
      expect(job.runs.at(-1)).toBe(attempt);
    }
    const [failed] = await rowsOf('test.retry');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'run 3 failed' });
    expect(job.failures.map((failure) => failure.isFinal)).toEqual([false, false, true]);
    // Failed for good: not run again without an admin's retry.
    await setup.server.context.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 hour'` })
      .where(eq(jobs.name, 'test.retry'));
    expect(await runner.runDue()).toBe(0);
    expect(job.runs).toHaveLength(3);
  });

  it('gives up once the job is older than its window, whatever attempts remain', async () => {
    const job = scriptedJob('test.window', {
      script: ['fail'],
      retry: { maxAttempts: 100, delayMs: () => 0, giveUpAfterMs: 60_000 },
    });
    await enqueue('test.window', 1);
    await setup.server.context.db
      .update(jobs)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(jobs.name, 'test.window'));
    await runnerOf(job.definition).runDue();
    expect(await rowsOf('test.window')).toMatchObject([{ status: 'failed', attempts: 1 }]);
    expect(job.failures).toMatchObject([{ isFinal: true }]);
  });

  it("leaves a job another instance holds until its lease has passed, then fences the first attempt's end", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = scriptedJob('test.lease', { timeoutMs: 10_000, script: [() => held] });
    await enqueue('test.lease', 3);
    const first = runnerOf(job.definition);
    const second = runnerOf(job.definition);
    const slow = first.runDue();
    await expect.poll(() => job.runs.length).toBe(1);
    expect(await second.runDue()).toBe(0);
    const [running] = await rowsOf('test.lease');
    expect(running).toMatchObject({ status: 'running', attempts: 1, lockedBy: first.workerId });
    // The lease is twice the timeout.
    expect(running!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 15_000);

    // The first instance stalls past its lease: the second takes the job over and ends it.
    await setup.server.context.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.name, 'test.lease'));
    expect(await second.runDue()).toBe(1);
    expect(job.runs).toEqual([1, 2]);
    expect(job.settled).toEqual([3]);
    // The stalled attempt ends late: it no longer holds the job, so it writes nothing.
    release();
    await slow;
    expect(job.settled).toEqual([3]);
    expect(await rowsOf('test.lease')).toEqual([]);
  });

  it('fails an attempt that runs past its timeout', async () => {
    const job = scriptedJob('test.timeout', { timeoutMs: 100, script: ['hang'] });
    await enqueue('test.timeout', 1);
    expect(await runnerOf(job.definition).runDue()).toBe(0);
    expect(await rowsOf('test.timeout')).toMatchObject([
      { status: 'queued', attempts: 1, lastError: 'Timed out after 100 ms' },
    ]);
  });

  it('hands a running job back, uncounted and due now, when its instance stops', async () => {
    const job = scriptedJob('test.stop', { timeoutMs: 10_000, script: ['hang'] });
    await enqueue('test.stop', 1);
    const runner = runnerOf(job.definition);
    await runner.start();
    const since = Date.now();
    await setup.server.context.db.update(jobs).set({ runAt: sql`now()` });
    await expect.poll(() => job.runs.length, { timeout: 5_000 }).toBe(1);
    await runner.stop();
    const [row] = await rowsOf('test.stop');
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(row!.runAt.getTime()).toBeLessThan(since + 5_000);
  });

  it('keeps one unfinished job per key, and a key queued again replaces a failed job', async () => {
    const job = scriptedJob('test.keyed');
    await enqueue('test.keyed', 1, 'thing:1');
    await enqueue('test.keyed', 2, 'thing:1');
    expect(await rowsOf('test.keyed')).toMatchObject([{ payload: { n: 1 } }]);
    await setup.server.context.db
      .update(jobs)
      .set({ status: 'failed' })
      .where(eq(jobs.name, 'test.keyed'));
    await enqueue('test.keyed', 3, 'thing:1');
    expect(await rowsOf('test.keyed')).toMatchObject([{ status: 'queued', payload: { n: 3 } }]);
    expect(await runnerOf(job.definition).runDue()).toBe(1);
    expect(job.settled).toEqual([3]);
  });

  it('refuses a payload its definition does not accept, at queueing and at run time', async () => {
    const job = scriptedJob('test.payload');
    await enqueueJobs(setup.server.context.db, [{ name: 'test.payload', payload: { n: 'x' } }]);
    expect(await runnerOf(job.definition).runDue()).toBe(0);
    expect(job.runs).toEqual([]);
    expect((await rowsOf('test.payload'))[0]?.lastError).toMatch(/expected number/i);
  });

  it('keeps one row per schedule, queued again one period after each run', async () => {
    let runs = 0;
    const scheduled = defineJob({
      name: 'test.scheduled',
      payload: z.object({}),
      schedule: { everyMs: 3_600_000 },
      timeoutMs: 5_000,
      retry: { maxAttempts: Number.POSITIVE_INFINITY, delayMs: () => 1_000 },
      run: async () => {
        runs += 1;
      },
    });
    const runner = createJobRunner({
      db: setup.server.context.db,
      definitions: [scheduled],
      appUrl: 'http://localhost:3000',
      log: quiet,
    });
    runners.push(runner);
    await runner.start();
    const [first] = await rowsOf('test.scheduled');
    // The first run comes one period after the first instance started.
    expect(first!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    expect(await runner.runDue({ names: ['test.scheduled'] })).toBe(1);
    expect(runs).toBe(1);
    const rows = await rowsOf('test.scheduled');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'queued',
      attempts: 0,
      key: 'schedule:test.scheduled',
    });
    expect(rows[0]!.lastSucceededAt).not.toBeNull();
    expect(rows[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('claims no job of a paused name until the pause is lifted', async () => {
    const job = scriptedJob('test.paused');
    await enqueue('test.paused', 1);
    const { db } = setup.server.context;
    await db.insert(jobPauses).values({ name: 'test.paused', reason: 'restored' });
    const runner = runnerOf(job.definition);
    expect(await runner.runDue()).toBe(0);
    await enqueueJobs(db, [{ name: 'test.paused', payload: { n: 2 }, key: 'paused:2' }]);
    expect(await runner.runNow('paused:2', 1_000)).toBe(false);
    await db.delete(jobPauses).where(eq(jobPauses.name, 'test.paused'));
    expect(await runner.runDue()).toBe(2);
    expect(job.settled.toSorted()).toEqual([1, 2]);
  });

  it('waits for the attempt another runner claimed first when asked to run a job now', async () => {
    let finish!: () => void;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const job = scriptedJob('test.now', {
      script: [
        () => {
          markStarted();
          return new Promise<void>((resolve) => (finish = resolve));
        },
      ],
    });
    const { db } = setup.server.context;
    await enqueueJobs(db, [{ name: 'test.now', payload: { n: 7 }, key: 'now:7' }]);
    const poller = runnerOf(job.definition);
    const polled = poller.runDue({ names: ['test.now'] });
    await started;
    const asked = runnerOf(job.definition).runNow('now:7', 5_000);
    finish();
    expect(await asked).toBe(true);
    expect(await polled).toBe(1);
    expect(job.runs).toEqual([1]);

    const failing = scriptedJob('test.now-failing', { script: ['fail'] });
    await enqueueJobs(db, [{ name: 'test.now-failing', payload: { n: 8 }, key: 'now:8' }]);
    const claimed = runnerOf(failing.definition).runDue({ names: ['test.now-failing'] });
    expect(await runnerOf(failing.definition).runNow('now:8', 5_000)).toBe(false);
    await claimed;
  });

  it('runs a due job once when several runners claim at the same moment', async () => {
    const job = scriptedJob('test.race');
    for (let n = 0; n < 12; n += 1) await enqueue('test.race', n);
    const racers = [1, 2, 3, 4].map(() => runnerOf(job.definition));
    const succeeded = await Promise.all(racers.map((runner) => runner.runDue()));
    expect(succeeded.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(job.settled.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
