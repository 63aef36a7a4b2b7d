import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, mailOutbox } from '#src/db/schema/index.ts';
import { mailJobs } from './mail-outbox.ts';
import { useMailHarness } from './mail-test-harness.ts';

const HOUR_MS = 60 * 60_000;

describe('mail worker retry policy and Message-ID', () => {
  const harness = useMailHarness();
  /** Queues one mail and backdates it: `ageMs` since it was queued, `attempts` already made. */
  const enqueueAged = async (subject: string, ageMs: number, attempts: number) => {
    await harness.enqueue([subject]);
    const createdAt = sql`now() - ${`${ageMs} milliseconds`}::interval`;
    await harness.server.context.db
      .update(mailOutbox)
      .set({ attempts, createdAt })
      .where(eq(mailOutbox.subject, subject));
    await harness.setJob(subject, { attempts, createdAt });
  };

  it('keeps retrying past 8 attempts, an hour apart, while the mail is younger than 3 days', async () => {
    await enqueueAged('still-young', 71 * HOUR_MS, 20);
    expect(await (await harness.startDownWorker()).drain()).toBe(0);

    const row = await harness.rowOf('still-young');
    expect(row).toMatchObject({ status: 'pending', attempts: 21 });
    expect(await harness.jobOf('still-young')).toMatchObject({ status: 'queued', attempts: 21 });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.lastError).not.toMatch(/^Gave up/);
    // The backoff is capped at one hour.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 61 * 60_000);
  });

  it('marks a mail failed with the reason once a send fails after 3 days', async () => {
    await enqueueAged('too-old', 72 * HOUR_MS + 60_000, 0);
    expect(await (await harness.startDownWorker()).drain()).toBe(0);

    const row = await harness.rowOf('too-old');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/^Gave up after 3 days: .*ECONNREFUSED/);
    expect(await harness.jobOf('too-old')).toMatchObject({ status: 'failed', attempts: 1 });
    // Failed for good: even a working SMTP server does not get it without an admin's retry.
    await harness.setJob('too-old', { runAt: sql`now() - interval '1 second'` });
    expect(await harness.startWorker().drain()).toBe(0);
    expect(harness.smtp.received).toEqual([]);
  });

  it('sends an old mail whose send succeeds: the window limits retries, not delivery', async () => {
    await enqueueAged('late-but-fine', 80 * HOUR_MS, 40);
    expect(await harness.startWorker().drain()).toBe(1);
    expect(await harness.rowOf('late-but-fine')).toMatchObject({ status: 'sent', lastError: null });
  });

  it('sends the same stable Message-ID on a second send of the same row', async () => {
    await enqueueAged('sent-twice', 0, 0);
    const worker = harness.startWorker();
    expect(await worker.drain()).toBe(1);
    const { id } = await harness.rowOf('sent-twice');
    const expected = `<${id}@${new URL(harness.server.context.env.appUrl).hostname}>`;
    expect(harness.smtp.received.map((mail) => mail.messageId)).toEqual([expected]);

    // A crash after the SMTP server accepted it, before the row said 'sent': another worker
    // takes the mail over once the lease has passed and sends it again, under the same id.
    await harness.server.context.db
      .update(mailOutbox)
      .set({ status: 'pending', sentAt: null })
      .where(eq(mailOutbox.id, id));
    await harness.server.context.db.insert(jobs).values({
      ...mailJobs([id])[0]!,
      status: 'running',
      attempts: 1,
      lockedBy: 'an instance that died',
      lockedUntil: sql`now() - interval '1 second'`,
    });
    expect(await harness.startWorker().drain()).toBe(1);
    expect(harness.smtp.received.map((mail) => mail.messageId)).toEqual([expected, expected]);
    expect(await harness.rowOf('sent-twice')).toMatchObject({ status: 'sent', attempts: 2 });

    // The admin's mail detail shows the id the receiver sees.
    const detail = await harness.server.request({
      url: `/api/admin/mail-outbox/${id}`,
      cookie: harness.admin,
    });
    expect(detail.json()).toMatchObject({ id, messageId: expected });
  });
});
