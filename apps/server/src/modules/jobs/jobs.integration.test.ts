import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, max } from 'drizzle-orm';
import { JOB_MESSAGES, ZJobsOverview } from '@casebridge/domain/admin/jobs.schemas';
import { auditLogs, jobPauses, jobs } from '#src/db/schema/index.ts';
import { OUTBOX_JOBS, pauseOutboxes } from '#src/jobs/job-pauses.ts';
import { enqueueJobs } from '#src/jobs/job-queue.ts';
import { createTokenAs, requestWithToken } from '#src/modules/api-tokens/api-token-test-support.ts';
import { useTestServer } from '#src/test/test-server.ts';

const NON_ADMINS = ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'] as const;

describe('the job queue for admins', () => {
  const setup = useTestServer('admin@demo.test');
  let failedId = 0;
  let queuedId = 0;

  beforeAll(async () => {
    const { db } = setup.server.context;
    await enqueueJobs(db, [
      {
        name: 'mail.send',
        payload: { mailId: '00000000-0000-4000-8000-000000000001' },
        key: 'mail:t1',
      },
      {
        name: 'mail.send',
        payload: { mailId: '00000000-0000-4000-8000-000000000002' },
        key: 'mail:t2',
      },
    ]);
    const rows = await db.select().from(jobs).where(eq(jobs.name, 'mail.send'));
    [failedId, queuedId] = rows.map((row) => row.id) as [number, number];
    await db
      .update(jobs)
      .set({ status: 'failed', attempts: 9, lastError: 'Gave up after 3 days: refused' })
      .where(eq(jobs.id, failedId));
  });

  it('shows each job name with its queued, running and failed counts, and the failures', async () => {
    const response = await setup.server.request({ url: '/api/admin/jobs', cookie: setup.cookie });
    expect(response.statusCode).toBe(200);
    const overview = ZJobsOverview.parse(response.json());
    expect(overview.queues.find((queue) => queue.name === 'mail.send')).toMatchObject({
      queued: 1,
      running: 0,
      failed: 1,
      oldestDueAt: expect.any(String),
    });
    // The server's own scheduled jobs are listed too.
    expect(overview.queues.map((queue) => queue.name)).toContain('patient-status.release');
    expect(overview.failed).toMatchObject([
      { id: failedId, name: 'mail.send', attempts: 9, lastError: 'Gave up after 3 days: refused' },
    ]);
  });

  it('retries a failed job, due now with its attempts from zero, and audits who did', async () => {
    const { db } = setup.server.context;
    const [latest] = await db.select({ id: max(auditLogs.id) }).from(auditLogs);
    const response = await setup.server.request({
      method: 'POST',
      url: `/api/admin/jobs/${failedId}/retry`,
      cookie: setup.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: failedId, name: 'mail.send', status: 'queued' });
    const [row] = await db.select().from(jobs).where(eq(jobs.id, failedId));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'job_retried'), gt(auditLogs.id, latest?.id ?? 0)));
    expect(audit).toMatchObject([
      { userRole: 'admin', details: `Requeued failed job mail.send #${failedId}` },
    ]);

    const again = await setup.server.request({
      method: 'POST',
      url: `/api/admin/jobs/${failedId}/retry`,
      cookie: setup.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_MESSAGES.notFailed);
  });

  it('shows a paused queue with why, resumes it audited, and refuses a queue not paused', async () => {
    const { db } = setup.server.context;
    await pauseOutboxes(db, 'Restored from the backup of yesterday');
    const overview = ZJobsOverview.parse(
      (await setup.server.request({ url: '/api/admin/jobs', cookie: setup.cookie })).json(),
    );
    for (const name of OUTBOX_JOBS)
      expect(overview.queues.find((queue) => queue.name === name)?.paused).toMatchObject({
        reason: 'Restored from the backup of yesterday',
      });
    const resume = (name: string, cookie = setup.cookie) =>
      setup.server.request({
        method: 'POST',
        url: `/api/admin/jobs/queues/${name}/resume`,
        cookie,
      });
    const clinic = await setup.server.login('clinic@demo.test');
    expect((await resume('mail.send', clinic)).statusCode).toBe(403);
    const resumed = await resume('mail.send');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({ name: 'mail.send', paused: null });
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'job_queue_resumed'));
    expect(audit?.details).toMatch(
      /^Resumed mail\.send, paused since .*: Restored from the backup of yesterday$/,
    );
    const again = await resume('mail.send');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(JOB_MESSAGES.notPaused);
    await db.delete(jobPauses);
  });

  it('answers 404 for a job that does not exist and 400 for an id that is not one', async () => {
    for (const [id, status] of [
      ['999999999', 404],
      ['abc', 400],
      ['-1', 400],
    ] as const) {
      const response = await setup.server.request({
        method: 'POST',
        url: `/api/admin/jobs/${id}/retry`,
        cookie: setup.cookie,
      });
      expect({ id, status: response.statusCode }).toEqual({ id, status });
    }
  });

  it('refuses every other role, a token without the capability and signed-out callers', async () => {
    for (const email of NON_ADMINS) {
      const cookie = await setup.server.login(email);
      for (const request of [
        { url: '/api/admin/jobs' },
        { method: 'POST' as const, url: `/api/admin/jobs/${queuedId}/retry` },
      ]) {
        const response = await setup.server.request({ ...request, cookie });
        expect(response.statusCode, `${email} ${request.url}`).toBe(403);
      }
    }
    expect((await setup.server.request({ url: '/api/admin/jobs' })).statusCode).toBe(401);
    const token = await createTokenAs(setup.server, setup.cookie, {
      name: 'mail reader',
      organizationId: null,
      capabilities: ['admin:mail'],
    });
    const byToken = await requestWithToken(setup.server, token.secret, { url: '/api/admin/jobs' });
    expect(byToken.statusCode).toBe(403);
    const [row] = await setup.server.context.db.select().from(jobs).where(eq(jobs.id, queuedId));
    expect(row).toMatchObject({ status: 'queued' });
  });
});
