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
const HOUR_MS = 60 * 60_000;

describe('mail worker retry policy and Message-ID', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let admin: string;
  const workers: MailWorker[] = [];
  const startWorker = (smtpUrl = smtp.url) => {
    const worker = startMailWorker({
      db: server.context.db,
      smtpUrl,
      from: 'CaseBridge <noreply@casebridge.test>',
      appUrl: server.context.env.appUrl,
      intervalMs: 3_600_000,
      log: quietLog,
    });
    workers.push(worker);
    return worker;
  };
  const startDownWorker = async () => startWorker(`smtp://127.0.0.1:${await getFreePort()}`);
  /** Queues one mail and backdates it: `ageMs` since it was queued, `attempts` already made. */
  const enqueueAged = async (subject: string, ageMs: number, attempts: number) => {
    await enqueueMail(server.context.db, {
      kind: 'message',
      to: `${subject}@example.test`,
      subject,
      html: `<p>${subject}</p>`,
      text: subject,
    });
    await server.context.db
      .update(mailOutbox)
      .set({ attempts, createdAt: sql`now() - ${`${ageMs} milliseconds`}::interval` })
      .where(eq(mailOutbox.subject, subject));
  };
  const rowOf = async (subject: string) =>
    (await server.context.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0]!;

  beforeAll(async () => {
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

  it('keeps retrying past 8 attempts, an hour apart, while the mail is younger than 3 days', async () => {
    await enqueueAged('still-young', 71 * HOUR_MS, 20);
    expect(await (await startDownWorker()).drain()).toBe(0);

    const row = await rowOf('still-young');
    expect(row).toMatchObject({ status: 'pending', attempts: 21, claimedUntil: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.lastError).not.toMatch(/^Gave up/);
    // The backoff is capped at one hour.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 61 * 60_000);
  });

  it('marks a mail failed with the reason once a send fails after 3 days', async () => {
    await enqueueAged('too-old', 72 * HOUR_MS + 60_000, 0);
    expect(await (await startDownWorker()).drain()).toBe(0);

    const row = await rowOf('too-old');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, claimedUntil: null });
    expect(row.lastError).toMatch(/^Gave up after 3 days: .*ECONNREFUSED/);
    // Failed for good: even a working SMTP server does not get it without an admin's retry.
    await server.context.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.subject, 'too-old'));
    expect(await startWorker().drain()).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('sends an old mail whose send succeeds: the window limits retries, not delivery', async () => {
    await enqueueAged('late-but-fine', 80 * HOUR_MS, 40);
    expect(await startWorker().drain()).toBe(1);
    expect(await rowOf('late-but-fine')).toMatchObject({ status: 'sent', lastError: null });
  });

  it('sends the same stable Message-ID on a second send of the same row', async () => {
    await enqueueAged('sent-twice', 0, 0);
    const worker = startWorker();
    expect(await worker.drain()).toBe(1);
    const { id } = await rowOf('sent-twice');
    const expected = `<${id}@${new URL(server.context.env.appUrl).hostname}>`;
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([expected]);

    // A crash after the SMTP server accepted it, before the row said 'sent': another worker
    // takes the mail over once the lease has passed and sends it again, under the same id.
    await server.context.db
      .update(mailOutbox)
      .set({ status: 'sending', sentAt: null, claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await startWorker().drain()).toBe(1);
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([expected, expected]);
    expect(await rowOf('sent-twice')).toMatchObject({ status: 'sent', attempts: 2 });

    // The admin's mail detail shows the id the receiver sees.
    const detail = await server.request({ url: `/api/admin/mail-outbox/${id}`, cookie: admin });
    expect(detail.json()).toMatchObject({ id, messageId: expected });
  });
});
