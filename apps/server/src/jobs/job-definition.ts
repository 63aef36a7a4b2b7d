import { z } from 'zod';
import type { Db } from '#src/db/client.ts';

/** How a failed attempt is retried: `delayMs(attempt)` after the attempt that failed. */
export type RetryPolicy = {
  /** Attempts in all, the first included; the job is 'failed' after the last. */
  maxAttempts: number;
  delayMs: (attempt: number) => number;
  /** Gives up sooner, once the job is this old (judged on the database clock). */
  giveUpAfterMs?: number;
};

export type JobContext = {
  /** The database, outside any transaction: each write of the job is its own `inChange`. */
  db: Db;
  /** Aborted when the attempt runs past the definition's timeout or the runner stops. */
  signal: AbortSignal;
  /** 1 on the first attempt. */
  attempt: number;
  /** The address links in mails and notifications start with. */
  appUrl: string;
  log: { info(message: string): void; warn(message: string): void };
};

/**
 * What a successful attempt leaves to write: `settle` runs in the transaction that completes the
 * job, only while the attempt still holds the job (its lease not taken over), so the record of
 * the effect (a mail 'sent') and the job's end commit together.
 */
export type JobOutcome = { settle?: (tx: Db) => Promise<void> } | void;

export type JobFailure = { attempt: number; error: string; isFinal: boolean };

/**
 * One kind of background work, the only place its rules live: its name, the payload it takes
 * (checked when it is queued and when it runs), when it runs (queued by a write, or on a
 * schedule), how long an attempt may take and how failures are retried.
 */
export type JobDefinition<Payload = unknown> = {
  name: string;
  payload: z.ZodType<Payload>;
  /** Runs `everyMs` after the first instance starts, then `everyMs` after each run ends, on one instance at a time. */
  schedule?: { everyMs: number };
  /** The longest an attempt may run; its lease is twice this, so a live attempt keeps its job. */
  timeoutMs: number;
  retry: RetryPolicy;
  run(payload: Payload, context: JobContext): Promise<JobOutcome>;
  /** In the failing attempt's transaction: records the failure on what the job works on. */
  onFailure?(tx: Db, payload: Payload, failure: JobFailure): Promise<void>;
};

/** Declares a job; the type ties its payload schema to its handler. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** A definition whatever its payload: what the runner and the registry hold. */
// oxlint-disable-next-line no-explicit-any -- the payload is checked against each schema at run time
export type AnyJobDefinition = JobDefinition<any>;

/** A scheduled job retries on its next run; a failure never stops the schedule. */
const SCHEDULED_RETRY: RetryPolicy = {
  maxAttempts: Number.POSITIVE_INFINITY,
  delayMs: (attempt) => Math.min(5_000 * 2 ** (attempt - 1), 5 * 60_000),
};

/**
 * A job that runs on a schedule and takes no payload: every `everyMs`, an attempt at most
 * `timeoutMs`, a failure retried with backoff and never stopping the schedule.
 */
export function defineSchedule(definition: {
  name: string;
  everyMs: number;
  timeoutMs: number;
  run: (context: JobContext) => Promise<unknown>;
}): AnyJobDefinition {
  return {
    name: definition.name,
    payload: z.object({}),
    schedule: { everyMs: definition.everyMs },
    timeoutMs: definition.timeoutMs,
    retry: SCHEDULED_RETRY,
    run: async (_payload, context) => {
      await definition.run(context);
    },
  };
}

/** The lease of a claimed job: past it, another instance takes the job over. */
export const leaseMsOf = (definition: Pick<JobDefinition, 'timeoutMs'>) => definition.timeoutMs * 2;
