import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The job runner's queue (jobs/job-runner.ts): one row per job to run, shared by every instance
 * on the database. A job is 'queued' until its `runAt`, 'running' while an instance holds its
 * lease (`lockedUntil`; past it, another instance takes the job over), and 'failed' once its
 * attempts ran out. A one-off job's row is deleted when it succeeds; a scheduled job keeps one
 * row for ever, queued again for its next run. `key` names a job that must not be queued twice
 * (a mail's sending, a schedule): at most one unfinished row per key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    key: text('key'),
    status: text('status', { enum: ['queued', 'running', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_unfinished_idx')
      .on(t.key)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_name_status_idx').on(t.name, t.status),
  ],
);

/**
 * Job names no instance may claim until an admin resumes them: a database restored from a backup
 * holds the outboxes as they were, and sending them again would repeat mail and webhooks the
 * original already sent (ops/restore-backup.ts pauses them).
 */
export const jobPauses = pgTable('job_pauses', {
  name: text('name').primaryKey(),
  reason: text('reason').notNull(),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The server instances on this database, one row each (modules/system/instance-heartbeat.ts):
 * written when an instance's job runner starts, refreshed by its poll loop every 15 s and deleted
 * when it stops. A row not refreshed for a day (a killed instance) is deleted by whichever
 * instance refreshes next. `last_seen_at` is the database's clock, so instances' clocks never
 * disagree about who was seen when. The admin console's System page lists the recent ones.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  commit: text('commit'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});
