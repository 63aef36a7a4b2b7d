import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '#src/db/schema/index.ts';
import {
  getFreePort,
  startTestSmtpServer,
  type TestSmtpServer,
} from '#src/modules/notifications/test-smtp-server.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { enqueueMail } from './mail-outbox.ts';
import { startMailWorker, type MailWorker } from './mail-worker.ts';

const quietLog = { info: () => undefined, warn: () => undefined };

describe('mail worker with several instances on one database', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let admin: string;
  const workers: MailWorker[] = [];
  const startWorker = (smtpUrl = smtp.url) => {
    const worker = startMailWorker({
      db: server.context.db,
      smtpUrl,
      from: 'CaseBridge <noreply@casebridge.test>',
      intervalMs: 3_600_000,
      log: quietLog,
    });
    workers.push(worker);
    return worker;
  };
  const enqueue = (subjects: string[]) =>
    enqueueMail(
      server.context.db,
      subjects.map((subject) => ({
        kind: 'message',
        to: `${subject}@example.test`,
        subject,
        html: `<p>${subject}</p>`,
        text: subject,
      })),
    );
  const rowOf = async (subject: string) =>
    (await server.context.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0]!;

  beforeAll(async () => {
    // The app's own worker stays idle (no SMTP_URL): the workers under test do all the sending.
    server = await createTestServer();
    smtp = await startTestSmtpServer();
    admin = await server.login('admin@demo.test');
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await server.context.db.delete(mailOutbox).where(sql`true`);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends each due mail exactly once when two workers drain at the same time', async () => {
    const subjects = Array.from(
      { length: 45 },
      (_, index) => `mail-${String(index).padStart(2, '0')}`,
    );
    await enqueue(subjects);
    const [first, second] = [startWorker(), startWorker()];
    const sentBy = [0, 0];
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = await Promise.all([first.drain(), second.drain()]);
      sentBy[0]! += a;
      sentBy[1]! += b;
      if (a + b === 0) break;
    }

    expect(smtp.received.map((mail) => mail.subject).toSorted()).toEqual(subjects);
    expect(sentBy[0]! + sentBy[1]!).toBe(subjects.length);
    // Both really worked concurrently; neither waited for the other to finish.
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    const rows = await server.context.db.select().from(mailOutbox);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        claimedUntil: null,
        lastError: null,
      });
    }
  });

  it('leaves a mail another worker is sending alone until its lease has passed', async () => {
    await enqueue(['claimed-elsewhere']);
    // A worker elsewhere claimed it (and maybe died): status 'sending' with a live lease.
    await server.context.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(mailOutbox.subject, 'claimed-elsewhere'));
    const worker = startWorker();
    expect(await worker.drain()).toBe(0);
    expect(smtp.received).toEqual([]);

    const listed = await server.request({
      url: '/api/admin/mail-outbox?status=sending',
      cookie: admin,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toMatchObject([
      { subject: 'claimed-elsewhere', status: 'sending', attempts: 1 },
    ]);

    await server.context.db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.subject, 'claimed-elsewhere'));
    expect(await worker.drain()).toBe(1);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['claimed-elsewhere']);
    expect(await rowOf('claimed-elsewhere')).toMatchObject({
      status: 'sent',
      attempts: 2,
      claimedUntil: null,
    });
  });

  it('reschedules a failed send with backoff and never picks up a failed mail', async () => {
    await enqueue(['first-try', 'given-up']);
    await server.context.db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: 'Gave up after 3 days: refused' })
      .where(eq(mailOutbox.subject, 'given-up'));
    const down = startWorker(`smtp://127.0.0.1:${await getFreePort()}`);
    expect(await down.drain()).toBe(0);

    const retried = await rowOf('first-try');
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
    expect(retried.lastError).toBeTruthy();
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet, and a failed mail waits for an admin's retry.
    expect(await startWorker().drain()).toBe(0);
    expect(smtp.received).toEqual([]);
    expect(await rowOf('given-up')).toMatchObject({ status: 'failed', attempts: 0 });
  });
});
