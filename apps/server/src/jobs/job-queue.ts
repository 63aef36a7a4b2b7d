import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { jobs } from '#src/db/schema/index.ts';
import type { JobDefinition } from './job-definition.ts';

/** A job to queue: its definition's name and payload, when it is due, and an optional key. */
export type QueuedJob = {
  name: string;
  payload: Record<string, unknown>;
  /** Due now when omitted. */
  runAt?: Date;
  /** At most one unfinished job per key: queuing it again while one waits does nothing. */
  key?: string;
};

/** A job of `definition`, its payload checked against the definition's schema. */
export function jobOf<Payload extends Record<string, unknown>>(
  definition: JobDefinition<Payload>,
  payload: Payload,
  options: { runAt?: Date; key?: string } = {},
): QueuedJob {
  return {
    name: definition.name,
    payload: definition.payload.parse(payload) as Payload,
    ...options,
  };
}

/**
 * Queues jobs in the caller's transaction, so they exist exactly when the write that causes them
 * commits (the Change, change/change.ts, calls this at its commit). A keyed job replaces a failed
 * one of the same key, and is skipped while one is queued or running.
 */
export async function enqueueJobs(tx: Db, queued: readonly QueuedJob[]): Promise<void> {
  if (queued.length === 0) return;
  const keys = queued.flatMap((job) => (job.key ? [job.key] : []));
  if (keys.length > 0)
    await tx.execute(
      sql`delete from ${jobs} where ${jobs.status} = 'failed' and ${jobs.key} in ${keys}`,
    );
  await tx
    .insert(jobs)
    .values(
      queued.map((job) => ({
        name: job.name,
        payload: job.payload,
        key: job.key ?? null,
        runAt: job.runAt ?? sql`now()`,
      })),
    )
    .onConflictDoNothing({
      target: jobs.key,
      where: sql`${jobs.status} in ('queued', 'running')`,
    });
}
