import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { jobPauses, jobs } from '#src/db/schema/index.ts';
import { describeError, toLoggableError } from '#src/lib/loggable-error.ts';
import { leaseMsOf, type AnyJobDefinition, type JobOutcome } from './job-definition.ts';

type JobRow = typeof jobs.$inferSelect;

/**
 * Work each instance does for itself on the runner's own poll loop (its row in
 * `server_instances`). Not a job: a job is claimed by one instance, and every instance must beat.
 */
export type RunnerHeartbeat = {
  /** How often the poll loop beats, its first beat being at start. */
  everyMs: number;
  beat(): Promise<void>;
  /** Once the runner has stopped. */
  end(): Promise<void>;
};

export type JobRunnerOptions = {
  db: Db;
  definitions: readonly AnyJobDefinition[];
  /** The address links in mails and notifications start with. */
  appUrl: string;
  /** How often an idle runner looks for due jobs (1 s by default). */
  pollMs?: number;
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** Beats while the runner polls; only a started runner beats. */
  heartbeat?: RunnerHeartbeat;
  log: { info(message: string): void; warn(message: string): void };
};

export type RunDueOptions = {
  /** Only jobs of these names (all the runner knows by default). */
  names?: readonly string[];
  /** Stop after this many attempts (the queue may keep producing work). */
  maxAttempts?: number;
};

const interval = (ms: number) => sql`${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;
const MAX_ERROR_LENGTH = 500;
const STOPPED = new Error('The instance is stopping');
const NOOP = () => undefined;
/** How often runNow looks at a job another runner's poll claimed first. */
const OTHERS_ATTEMPT_POLL_MS = 25;

/**
 * The one runner of background work (ADR 0035). Every instance runs one; they share the queue in
 * the `jobs` table, and none claims a name paused in `job_pauses` (a restored backup's outboxes)
 * until an admin resumes it. A claim is one statement: `for update skip locked` passes over rows another
 * instance is claiming, and the claim itself ('running', a lease of twice the job's timeout)
 * keeps the others off it; a job whose instance died is taken over once its lease has passed.
 * The attempt is counted at claim time, so a job that kills its instance still runs out of
 * attempts. An attempt's end (success, retry with backoff, or 'failed') is written only while the
 * attempt still holds the job: the instance and attempt count fence it.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log } = options;
  const byName = new Map(options.definitions.map((definition) => [definition.name, definition]));
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let pollTimer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  let beating: Promise<void> | null = null;
  let lastBeatAt = 0;

  /** One beat unless one runs or the last was less than `everyMs` ago; never rejects. */
  function beatIfDue(heartbeat: RunnerHeartbeat): Promise<void> {
    if (beating || Date.now() - lastBeatAt < heartbeat.everyMs) return beating ?? Promise.resolve();
    lastBeatAt = Date.now();
    beating = heartbeat
      .beat()
      .catch((error: unknown) => log.warn(`job runner heartbeat: ${describeError(error)}`))
      .finally(() => {
        beating = null;
      });
    return beating;
  }

  /** The lease of each known job, by name, as one SQL expression. */
  const leaseOf = (names: readonly string[]): SQL =>
    sql`case ${jobs.name} ${sql.join(
      names.map((name) => sql`when ${name} then ${interval(leaseMsOf(byName.get(name)!))}`),
      sql` `,
    )} end`;

  async function claim(names: readonly string[], limit: number, key?: string): Promise<JobRow[]> {
    if (names.length === 0 || limit <= 0) return [];
    const due = sql`select ${jobs.id} from ${jobs}
      where ${jobs.name} in ${names}
        and ${jobs.name} not in (select ${jobPauses.name} from ${jobPauses})
        ${key === undefined ? sql`` : sql`and ${jobs.key} = ${key}`}
        and ((${jobs.status} = 'queued' and ${jobs.runAt} <= now())
          or (${jobs.status} = 'running' and ${jobs.lockedUntil} <= now()))
      order by ${jobs.runAt}, ${jobs.id}
      limit ${limit}
      for update skip locked`;
    return db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        lockedUntil: sql`now() + ${leaseOf(names)}`,
        updatedAt: sql`now()`,
      })
      .where(sql`${jobs.id} in (${due})`)
      .returning();
  }

  /** Only the attempt that still holds the job may end it. */
  const isOurs = (job: JobRow) =>
    and(
      eq(jobs.id, job.id),
      eq(jobs.status, 'running'),
      eq(jobs.lockedBy, workerId),
      eq(jobs.attempts, job.attempts),
    );

  async function succeed(job: JobRow, definition: AnyJobDefinition, outcome: JobOutcome) {
    await db.transaction(async (tx) => {
      const ended = definition.schedule
        ? await tx
            .update(jobs)
            .set({
              status: 'queued',
              attempts: 0,
              runAt: sql`now() + ${interval(definition.schedule.everyMs)}`,
              lockedBy: null,
              lockedUntil: null,
              lastError: null,
              lastSucceededAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(isOurs(job))
            .returning({ id: jobs.id })
        : await tx.delete(jobs).where(isOurs(job)).returning({ id: jobs.id });
      if (ended.length > 0 && outcome?.settle) await outcome.settle(tx);
    });
  }

  async function fail(job: JobRow, definition: AnyJobDefinition, error: unknown) {
    // The error's own message, cut before any query parameters (they may hold health data).
    const own = error instanceof Error ? new Error(error.message) : error;
    const message = toLoggableError(own).message.slice(0, MAX_ERROR_LENGTH);
    const { retry } = definition;
    const delay = retry.delayMs(job.attempts);
    const tooOld =
      retry.giveUpAfterMs === undefined
        ? sql`false`
        : sql`${jobs.createdAt} <= now() - ${interval(retry.giveUpAfterMs)}`;
    const outOfAttempts = job.attempts >= retry.maxAttempts;
    await db.transaction(async (tx) => {
      const [ended] = await tx
        .update(jobs)
        .set({
          status: outOfAttempts
            ? 'failed'
            : sql`case when ${tooOld} then 'failed' else 'queued' end`,
          runAt: sql`now() + ${interval(definition.schedule ? Math.min(delay, definition.schedule.everyMs) : delay)}`,
          lockedBy: null,
          lockedUntil: null,
          lastError: message,
          updatedAt: sql`now()`,
        })
        .where(isOurs(job))
        .returning({ status: jobs.status });
      if (!ended) return;
      await definition.onFailure?.(tx, job.payload, {
        attempt: job.attempts,
        error: message,
        isFinal: ended.status === 'failed',
      });
    });
    log.warn(`job ${job.name} #${job.id} attempt ${job.attempts} failed: ${message}`);
  }

  /** A stopping instance hands its job back, due now, without counting the attempt. */
  async function release(job: JobRow) {
    await db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: sql`${jobs.attempts} - 1`,
        runAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(isOurs(job));
  }

  /**
   * Whether the attempt someone else holds on the one-off job of `key` succeeds before
   * `deadline`: a succeeded job's row is gone; one queued again (failed, or never claimed
   * because its name is paused) is not ours to wait for.
   */
  async function waitForOthersAttempt(key: string, deadline: number): Promise<boolean> {
    for (;;) {
      const [row] = await db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.key, key))
        .limit(1);
      if (!row) return true;
      if (row.status !== 'running' || Date.now() >= deadline) return false;
      await sleep(OTHERS_ATTEMPT_POLL_MS);
    }
  }

  /** Runs one claimed attempt to its end; never rejects. */
  async function execute(job: JobRow): Promise<boolean> {
    const definition = byName.get(job.name)!;
    const timeout = new AbortController();
    const signal = AbortSignal.any([timeout.signal, stopping.signal]);
    let timer: NodeJS.Timeout | undefined;
    let onStop: () => void = NOOP;
    const ended = new Promise<never>((_, reject) => {
      onStop = () => reject(STOPPED);
      timer = setTimeout(() => {
        timeout.abort();
        reject(new Error(`Timed out after ${definition.timeoutMs} ms`));
      }, definition.timeoutMs);
      timer.unref();
      stopping.signal.addEventListener('abort', onStop, { once: true });
    });
    // Once the attempt has ended this one settles unobserved.
    ended.catch(() => undefined);
    try {
      const payload = definition.payload.parse(job.payload);
      const outcome = await Promise.race([
        definition.run(payload, { db, signal, attempt: job.attempts, appUrl: options.appUrl, log }),
        ended,
      ]);
      await succeed(job, definition, outcome);
      return true;
    } catch (error) {
      const end = error === STOPPED ? release(job) : fail(job, definition, error);
      await end.catch((failure: unknown) =>
        log.warn(`job ${job.name} #${job.id}: ${describeError(failure)}`),
      );
      return false;
    } finally {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  function track(run: Promise<unknown>) {
    const settled = run.then(() => undefined);
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  }

  /** One look at the queue: claims what this instance has room for and starts it. */
  async function poll(): Promise<void> {
    const room = concurrency - inFlight.size;
    const claimed = await claim([...byName.keys()], room);
    for (const job of claimed) track(execute(job));
  }

  /**
   * Makes sure each scheduled job has its row, first due one period from now; a row that exists
   * is left as it is.
   */
  async function ensureSchedules(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await db
      .insert(jobs)
      .values(
        names.map((name) => ({
          name,
          key: `schedule:${name}`,
          runAt: sql`now() + ${interval(byName.get(name)!.schedule!.everyMs)}`,
        })),
      )
      .onConflictDoNothing({
        target: jobs.key,
        where: sql`${jobs.status} in ('queued', 'running')`,
      });
  }

  return {
    workerId,
    definitions: byName,
    /** Starts polling; the heartbeat beats and scheduled jobs get their rows first. */
    async start(): Promise<void> {
      const { heartbeat } = options;
      if (heartbeat) await beatIfDue(heartbeat);
      await ensureSchedules(
        options.definitions.filter((definition) => definition.schedule).map(({ name }) => name),
      );
      pollTimer = setInterval(() => {
        if (stopping.signal.aborted) return;
        if (heartbeat) void beatIfDue(heartbeat);
        if (polling) return;
        polling = poll()
          .catch((error: unknown) => log.warn(`job runner: ${describeError(error)}`))
          .finally(() => {
            polling = null;
          });
      }, options.pollMs ?? 1_000);
      pollTimer.unref();
    },

    /**
     * Runs the scheduled jobs of `names` once now and the due jobs, here, one at a time, until
     * none is due (or `maxAttempts` ran): tests and tools drive the queue with it. Resolves with
     * the attempts that succeeded.
     */
    async runDue(runOptions: RunDueOptions = {}): Promise<number> {
      const names = (runOptions.names ?? [...byName.keys()]).filter((name) => byName.has(name));
      const scheduled = names.filter((name) => byName.get(name)!.schedule);
      await ensureSchedules(scheduled);
      if (scheduled.length > 0)
        await db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(sql`${jobs.status} = 'queued' and ${jobs.name} in ${scheduled}`);
      let succeeded = 0;
      for (let attempts = 0; attempts < (runOptions.maxAttempts ?? 1_000); attempts += 1) {
        const [job] = await claim(names, 1);
        if (!job) break;
        if (await execute(job)) succeeded += 1;
      }
      return succeeded;
    },

    /**
     * Runs the one-off job of `key` now if it is due, waiting at most `waitMs`: true once it has
     * succeeded. When a runner's poll claimed it first (here or on another instance), waits for
     * that attempt instead. A paused job, one that fails or one slower than the wait: false, and
     * the job goes on as queued jobs do (a slow one still ends in the background).
     */
    async runNow(key: string, waitMs: number): Promise<boolean> {
      const deadline = Date.now() + waitMs;
      const [job] = await claim([...byName.keys()], 1, key);
      if (!job) return waitForOthersAttempt(key, deadline);
      const run = execute(job);
      track(run);
      const waited = new Promise<false>((resolve) =>
        setTimeout(() => resolve(false), waitMs).unref(),
      );
      return Promise.race([run, waited]);
    },

    /**
     * Stops claiming, aborts what runs and waits for the attempts in flight to end; then the
     * heartbeat of a started runner ends.
     */
    async stop(): Promise<void> {
      const wasStarted = pollTimer !== null;
      if (pollTimer) clearInterval(pollTimer);
      await polling;
      stopping.abort();
      await Promise.all(inFlight);
      await beating;
      if (wasStarted && options.heartbeat)
        await options.heartbeat
          .end()
          .catch((error: unknown) => log.warn(`job runner heartbeat: ${describeError(error)}`));
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
