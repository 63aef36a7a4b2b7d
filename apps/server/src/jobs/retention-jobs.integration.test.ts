import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '#src/db/schema/index.ts';
import { createDiskStorage } from '#src/storage/file-storage.ts';
import { useTestServer } from '#src/test/test-server.ts';
import { createJobRunner } from './job-runner.ts';
import { pruneAbandonedUploadsJob, pruneFailedJobsJob } from './retention-jobs.ts';

const quiet = { info: () => undefined, warn: () => undefined };

describe('the clean-up jobs', () => {
  const setup = useTestServer('admin@demo.test');

  it('deletes failed jobs after 30 days and keeps the recent ones', async () => {
    const { db } = setup.server.context;
    const [old, recent] = await db
      .insert(jobs)
      .values([
        { name: 'test.cleanup', status: 'failed', updatedAt: sql`now() - interval '31 days'` },
        { name: 'test.cleanup', status: 'failed', updatedAt: sql`now() - interval '29 days'` },
      ])
      .returning({ id: jobs.id });
    const runner = createJobRunner({
      db,
      definitions: [pruneFailedJobsJob],
      appUrl: '',
      log: quiet,
    });
    expect(await runner.runDue({ names: [pruneFailedJobsJob.name] })).toBe(1);
    const left = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, 'test.cleanup'));
    expect(left.map((row) => row.id)).toEqual([recent!.id]);
    expect(left.map((row) => row.id)).not.toContain(old!.id);
  });

  it('deletes upload files a crash left half-written, once they are an hour old', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'casebridge-partial-'));
    try {
      const folder = path.join(root, 'documents', 'p-1');
      await mkdir(folder, { recursive: true });
      const abandoned = path.join(folder, 'd-1.123.456.partial');
      const inFlight = path.join(folder, 'd-2.123.789.partial');
      const stored = path.join(folder, 'd-3');
      for (const file of [abandoned, inFlight, stored]) await writeFile(file, 'bytes');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      await utimes(abandoned, twoHoursAgo, twoHoursAgo);
      await utimes(stored, twoHoursAgo, twoHoursAgo);
      const definition = pruneAbandonedUploadsJob(createDiskStorage(root));
      const runner = createJobRunner({
        db: setup.server.context.db,
        definitions: [definition],
        appUrl: '',
        log: quiet,
      });
      expect(await runner.runDue({ names: [definition.name] })).toBe(1);
      expect(await createDiskStorage(root).list()).toEqual(['documents/p-1/d-3']);
      const { readdir } = await import('node:fs/promises');
      expect((await readdir(folder)).toSorted()).toEqual(['d-2.123.789.partial', 'd-3']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
