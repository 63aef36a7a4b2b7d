import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '#src/db/schema/index.ts';
import { getFreePort } from '#src/mail/smtp-sink.ts';
import { useMailHarness } from './mail-test-harness.ts';

describe('mail worker with several instances on one database', () => {
  const harness = useMailHarness();
  it('sends each due mail exactly once when two workers drain at the same time', async () => {
    const subjects = Array.from(
      { length: 45 },
      (_, index) => `mail-${String(index).padStart(2, '0')}`,
    );
    await harness.enqueue(subjects);
    const [first, second] = [harness.startWorker(), harness.startWorker()];
    const sentBy = [0, 0];
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = await Promise.all([first.drain(), second.drain()]);
      sentBy[0]! += a;
      sentBy[1]! += b;
      if (a + b === 0) break;
    }

    expect(harness.smtp.received.map((mail) => mail.subject).toSorted()).toEqual(subjects);
    expect(sentBy[0]! + sentBy[1]!).toBe(subjects.length);
    // Both really worked concurrently; neither waited for the other to finish.
    expect(sentBy[0]).toBeGreaterThan(0);
    expect(sentBy[1]).toBeGreaterThan(0);
    const rows = await harness.server.context.db.select().from(mailOutbox);
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
    await harness.enqueue(['claimed-elsewhere']);
    // A worker elsewhere claimed it (and maybe died): status 'sending' with a live lease.
    await harness.server.context.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1 })
      .where(eq(mailOutbox.subject, 'claimed-elsewhere'));
    await harness.setJob('claimed-elsewhere', {
      status: 'running',
      attempts: 1,
      lockedBy: 'another instance',
      lockedUntil: sql`now() + interval '5 minutes'`,
    });
    const worker = harness.startWorker();
    expect(await worker.drain()).toBe(0);
    expect(harness.smtp.received).toEqual([]);

    const listed = await harness.server.request({
      url: '/api/admin/mail-outbox?status=sending',
      cookie: harness.admin,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toMatchObject([
      { subject: 'claimed-elsewhere', status: 'sending', attempts: 1 },
    ]);

    await harness.setJob('claimed-elsewhere', { lockedUntil: sql`now() - interval '1 second'` });
    expect(await worker.drain()).toBe(1);
    expect(harness.smtp.received.map((mail) => mail.subject)).toEqual(['claimed-elsewhere']);
    expect(await harness.rowOf('claimed-elsewhere')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await harness.jobOf('claimed-elsewhere')).toBeUndefined();
  });

  it('reschedules a failed send with backoff and never picks up a failed mail', async () => {
    await harness.enqueue(['first-try', 'given-up']);
    await harness.server.context.db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: 'Gave up after 3 days: refused' })
      .where(eq(mailOutbox.subject, 'given-up'));
    await harness.setJob('given-up', { status: 'failed' });
    const down = harness.startWorker(`smtp://127.0.0.1:${await getFreePort()}`);
    expect(await down.drain()).toBe(0);

    const retried = await harness.rowOf('first-try');
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried.lastError).toBeTruthy();
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet, and a failed mail waits for an admin's retry.
    expect(await harness.startWorker().drain()).toBe(0);
    expect(harness.smtp.received).toEqual([]);
    expect(await harness.rowOf('given-up')).toMatchObject({ status: 'failed', attempts: 0 });
  });
});
