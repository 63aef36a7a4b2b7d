import { and, desc, eq, sql } from 'drizzle-orm';
import {
  FAILED_JOBS_SHOWN,
  type TFailedJob,
  type TJobQueue,
} from '@casebridge/domain/admin/jobs.schemas';
import type { Db } from '#src/db/client.ts';
import { jobs } from '#src/db/schema/index.ts';

const count = (status: string) =>
  sql<number>`count(*) filter (where ${jobs.status} = ${status})::int`;
const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Per job name: queued, running and failed counts, the oldest due job and the last success. */
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
  return rows.map((row) => ({
    ...row,
    oldestDueAt: iso(row.oldestDueAt),
    lastSucceededAt: iso(row.lastSucceededAt),
  }));
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
