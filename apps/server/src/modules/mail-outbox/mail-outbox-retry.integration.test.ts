import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import {
  MAIL_OUTBOX_MESSAGES,
  type MailStatus,
} from '@casebridge/domain/admin/system-tools.schemas';
import { auditLogs, mailOutbox } from '#src/db/schema/index.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { createMailJobs } from '#src/mail/mail-jobs.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#src/mail/smtp-sink.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

const NON_ADMINS = ['clinic@demo.test', 'attorney@demo.test', 'lienholder@demo.test'] as const;
const GAVE_UP = 'Gave up after 3 days: connect ECONNREFUSED 127.0.0.1:2525';

describe('admin retry of failed mail', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let admin: string;
  /** A mail queued four days ago that ran out of retries, or one in another state. */
  const insertMail = async (subject: string, status: MailStatus = 'failed') => {
    const [row] = await server.context.db
      .insert(mailOutbox)
      .values({
        kind: 'message',
        toAddress: `${subject}@example.test`,
        subject,
        html: `<p>${subject}</p>`,
        text: subject,
        status,
        attempts: 80,
        lastError: status === 'failed' ? GAVE_UP : null,
        createdAt: sql`now() - interval '4 days'`,
        nextAttemptAt: sql`now() - interval '1 day'`,
      })
      .returning();
    return row!;
  };
  const rowOf = async (id: string) =>
    (await server.context.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  // The audit table is append-only: each test reads the rows written since it began.
  let auditedSince = 0;
  const retryAudit = () =>
    server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'mail_retried'), gt(auditLogs.id, auditedSince)));
  const retry = (id: string, cookie?: string) =>
    server.request({ method: 'POST', url: `/api/admin/mail-outbox/${id}/retry`, cookie });

  beforeAll(async () => {
    server = await createTestServer();
    smtp = await startTestSmtpServer();
    admin = await server.login('admin@demo.test');
  });
  beforeEach(async () => {
    const [latest] = await server.context.db.select({ id: max(auditLogs.id) }).from(auditLogs);
    auditedSince = latest?.id ?? 0;
  });
  afterEach(async () => {
    await server.context.db.delete(mailOutbox).where(sql`true`);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('requeues a failed mail due now with a fresh window, audited, and it is then sent', async () => {
    const mail = await insertMail('bounced');
    const response = await retry(mail.id, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: mail.id,
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    const row = await rowOf(mail.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await retryAudit()).toMatchObject([
      {
        userName: expect.any(String),
        userRole: 'admin',
        details: expect.stringContaining(mail.id),
      },
    ]);

    const worker = createJobRunner({
      db: server.context.db,
      definitions: createMailJobs({
        smtpUrl: smtp.url,
        from: 'CaseBridge <noreply@casebridge.test>',
      }),
      appUrl: server.context.env.appUrl,
      log: { info: () => undefined, warn: () => undefined },
    });
    expect(await worker.runDue()).toBe(1);
    await worker.stop();
    expect(smtp.received.map((received) => received.subject)).toEqual(['bounced']);
    expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('answers 409 for a mail that is not failed and 404 for an unknown one', async () => {
    const pending = await insertMail('waiting', 'pending');
    const sent = await insertMail('delivered', 'sent');
    for (const mail of [pending, sent]) {
      const response = await retry(mail.id, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'CONFLICT',
        message: MAIL_OUTBOX_MESSAGES.notFailed,
      });
      expect(await rowOf(mail.id)).toEqual(mail);
    }
    const missing = await retry('00000000-0000-4000-8000-000000000000', admin);
    expect(missing.statusCode).toBe(404);
    expect(await retryAudit()).toEqual([]);
  });

  it('retries every failed mail at once and leaves the others alone', async () => {
    const failed = [await insertMail('first-bounce'), await insertMail('second-bounce')];
    const pending = await insertMail('still-queued', 'pending');
    const response = await server.request({
      method: 'POST',
      url: '/api/admin/mail-outbox/retry-failed',
      cookie: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ retried: 2 });
    for (const mail of failed) {
      expect(await rowOf(mail.id)).toMatchObject({ status: 'pending', attempts: 0 });
    }
    expect(await rowOf(pending.id)).toEqual(pending);
    expect(await retryAudit()).toMatchObject([{ details: 'Requeued 2 failed e-mails' }]);
  });

  it('refuses other roles and signed-out callers, and changes nothing', async () => {
    const mail = await insertMail('not-yours');
    // Signed in first: signing in writes its own audit rows.
    const cookies = await Promise.all(NON_ADMINS.map((email) => server.login(email)));
    const snapshot = async () => ({
      mail: await server.context.db.select().from(mailOutbox),
      audit: await server.context.db.select().from(auditLogs),
    });
    const before = await snapshot();
    const routes = [
      `/api/admin/mail-outbox/${mail.id}/retry`,
      '/api/admin/mail-outbox/retry-failed',
    ];
    for (const url of routes) {
      for (const [index, cookie] of cookies.entries()) {
        const response = await server.request({ method: 'POST', url, cookie });
        expect(response.statusCode, `${NON_ADMINS[index]} ${url}`).toBe(403);
      }
      expect((await server.request({ method: 'POST', url })).statusCode).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
