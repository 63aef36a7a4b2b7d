/**
 * Benchmark: the job runner's throughput and claim latency. Queues JOBS no-op jobs and drains
 * them with one runner, then with RUNNERS runners at once (instances, as far as the queue
 * knows), on PGlite, or on PostgreSQL when DATABASE_URL is set (a fresh database is created and
 * dropped). Numbers only: it asserts nothing.
 *   npm run bench:jobs
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrateDatabase, type Database } from '#src/db/client.ts';
import { jobs } from '#src/db/schema/index.ts';
import { readToolEnv } from '#src/env.ts';
import { openBenchDatabase } from './bench-database.ts';
import { defineJob } from '#src/jobs/job-definition.ts';
import { enqueueJobs } from '#src/jobs/job-queue.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';

const JOBS = 2_000;
const RUNNERS = 4;
const quiet = { info: () => undefined, warn: () => undefined };

const noop = defineJob({
  name: 'bench.noop',
  payload: z.object({ n: z.number() }),
  timeoutMs: 10_000,
  retry: { maxAttempts: 1, delayMs: () => 0 },
  run: async () => undefined,
});

async function drainWith(database: Database, runnerCount: number): Promise<number> {
  const { db } = database;
  for (let start = 0; start < JOBS; start += 500)
    await enqueueJobs(
      db,
      Array.from({ length: 500 }, (_, index) => ({
        name: noop.name,
        payload: { n: start + index },
      })),
    );
  const runners = Array.from({ length: runnerCount }, () =>
    createJobRunner({ db, definitions: [noop], appUrl: '', log: quiet }),
  );
  const startedAt = performance.now();
  const done = await Promise.all(runners.map((runner) => runner.runDue({ maxAttempts: JOBS })));
  const elapsed = performance.now() - startedAt;
  const left = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  if (done.reduce((sum, count) => sum + count, 0) !== JOBS || left[0]?.n !== 0)
    throw new Error('the queue did not drain exactly once');
  return (JOBS / elapsed) * 1_000;
}

const { database, cleanup } = await openBenchDatabase('jobs');
try {
  await migrateDatabase(database);
  const backend = readToolEnv().databaseUrl ? 'PostgreSQL' : 'PGlite';
  const idle = createJobRunner({ db: database.db, definitions: [noop], appUrl: '', log: quiet });
  const polls: number[] = [];
  for (let run = 0; run < 50; run += 1) {
    const startedAt = performance.now();
    await idle.runDue();
    polls.push(performance.now() - startedAt);
  }
  polls.sort((a, b) => a - b);
  console.log(`backend: ${backend}, ${JOBS} no-op jobs`);
  console.log(`idle claim (empty queue), median: ${polls[25]!.toFixed(2)} ms`);
  console.log(`1 runner: ${(await drainWith(database, 1)).toFixed(0)} jobs/s`);
  console.log(
    `${RUNNERS} runners at once: ${(await drainWith(database, RUNNERS)).toFixed(0)} jobs/s`,
  );
} finally {
  await cleanup();
}
