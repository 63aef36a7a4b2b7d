import { and, eq, lt, sql } from 'drizzle-orm';
import { jobs } from '#src/db/schema/index.ts';
import { pruneEvents } from '#src/events/event-retention.ts';
import { pruneIdempotencyKeys } from '#src/lib/idempotency.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { defineSchedule, type AnyJobDefinition } from './job-definition.ts';

const HOUR_MS = 60 * 60_000;
/** Older than any put in flight (a put is one write and a rename), even on a slow disk. */
const ABANDONED_UPLOAD_AGE_MS = HOUR_MS;

/** Deletes live events past their retention (events/event-retention.ts), hourly. */
export const pruneEventsJob = defineSchedule({
  name: 'events.prune',
  everyMs: HOUR_MS,
  timeoutMs: 5 * 60_000,
  run: async ({ db }) => {
    await pruneEvents(db);
  },
});

/** How long a failed job stays for an admin to read and retry. */
export const FAILED_JOB_RETENTION_DAYS = 30;

/**
 * Deletes failed jobs past their retention, daily. What they worked on keeps its own record (a
 * mail 'failed' in the outbox, a delivery 'failed' in its endpoint's log).
 */
export const pruneFailedJobsJob = defineSchedule({
  name: 'jobs.prune-failed',
  everyMs: 24 * HOUR_MS,
  timeoutMs: 5 * 60_000,
  run: async ({ db }) => {
    await db
      .delete(jobs)
      .where(
        and(
          eq(jobs.status, 'failed'),
          lt(jobs.updatedAt, sql`now() - ${`${FAILED_JOB_RETENTION_DAYS} days`}::interval`),
        ),
      );
  },
});

/** Deletes idempotency keys past their retention (lib/idempotency.ts), hourly. */
export const pruneIdempotencyKeysJob = defineSchedule({
  name: 'idempotency-keys.prune',
  everyMs: HOUR_MS,
  timeoutMs: 5 * 60_000,
  run: async ({ db }) => {
    await pruneIdempotencyKeys(db);
  },
});

/**
 * Deletes what uploads interrupted by a crash left in the file store ('.partial' files), hourly.
 * Instances on one database share one file store (a shared disk or S3), so one run serves all.
 */
export function pruneAbandonedUploadsJob(storage: FileStorage): AnyJobDefinition {
  return defineSchedule({
    name: 'uploads.prune-abandoned',
    everyMs: HOUR_MS,
    timeoutMs: 5 * 60_000,
    run: async () => {
      await storage.pruneAbandoned(ABANDONED_UPLOAD_AGE_MS);
    },
  });
}
