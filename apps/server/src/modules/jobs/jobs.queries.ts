import { and, desc, eq, sql } from 'drizzle-orm';
import {
  FAILED_JOBS_SHOWN,
  type TFailedJob,
  type TJobQueue,
} from '@casebridge/domain/admin/jobs.schemas';
import type { Db } from '#src/db/client.ts';
import { jobPauses, jobs } from '#src/db/schema/index.ts';

const count = (status: string) =>
  sql<number>`count(*) filter (where ${jobs.status} = ${status})::int`;
const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * Per job name: queued, running and failed counts, the oldest due job, the last success and
 * whether it is paused (a paused name with no jobs is listed too).
 */
export async function listQueues(db: Db): Promise<TJobQueue[]> {
  const rows = await db
    .select({
      name: jobs.name,
      queued: count('queued'),
      running: count('running'),
      failed: count('failed'),
      oldestDueAt: sql<
        string | null
      >`min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= now())`,
      lastSucceededAt: sql<string | null>`max(${jobs.lastSucceededAt})`,
    })
    .from(jobs)
    .groupBy(jobs.name)
    .orderBy(jobs.name);
  const pauses = new Map(
    (await db.select().from(jobPauses)).map((pause) => [
      pause.name,
      { reason: pause.reason, pausedAt: pause.pausedAt.toISOString() },
    ]),
  );
  const queues: TJobQueue[] = rows.map((row) => ({
    ...row,
    oldestDueAt: iso(row.oldestDueAt),
    lastSucceededAt: iso(row.lastSucceededAt),
    paused: pauses.get(row.name) ?? null,
  }));
  for (const [name, paused] of pauses)
    if (!queues.some((queue) => queue.name === name))
      queues.push({
        name,
        queued: 0,
        running: 0,
        failed: 0,
        oldestDueAt: null,
        lastSucceededAt: null,
        paused,
      });
  return queues.toSorted((a, b) => a.name.localeCompare(b.name));
}

/** Lets every instance run the job again; the pause it lifted, or null when there was none. */
export async function deletePause(db: Db, name: string) {
  const [pause] = await db.delete(jobPauses).where(eq(jobPauses.name, name)).returning();
  return pause ?? null;
}

/** The newest failed jobs. */
export async function listFailedJobs(db: Db): Promise<TFailedJob[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(FAILED_JOBS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.updatedAt.toISOString(),
  }));
}

export async function getJob(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * Puts a failed job back in the queue, due now, as if just queued: created_at restarts a
 * give-up window and the attempts the backoff. Only a failed row changes.
 */
export async function requeueFailedJob(db: Db, id: number) {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      runAt: sql`now()`,
      createdAt: sql`now()`,
      updatedAt: sql`now()`,
      lastError: null,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row ?? null;
}
