import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { events, mailOutbox } from '#src/db/schema/index.ts';
import type { Db } from '#src/db/client.ts';
import { enqueueJobs } from '#src/jobs/job-queue.ts';
import { mailJobs } from './mail-outbox.ts';
import { useMailHarness } from './mail-test-harness.ts';

/** The mail's sending job again, as an admin's retry queues it. */
const enqueueMailJob = (db: Db, mailId: string) => enqueueJobs(db, mailJobs([mailId]));

/** A mail server that takes the connection and never says a word. */
async function startSilentServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('sending one queued mail now (deliverNow)', () => {
  const harness = useMailHarness();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  it('sends that mail alone, at once, and reports that the server accepted it', async () => {
    await harness.enqueue(['now', 'later']);
    const { id } = await harness.rowOf('now');
    expect(await harness.startWorker().deliverNow(id, 5_000)).toBe(true);
    expect(harness.smtp.received.map((mail) => mail.subject)).toEqual(['now']);
    expect(await harness.rowOf('now')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await harness.rowOf('later')).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('answers false when the server is down; the mail stays queued for a retry', async () => {
    await harness.enqueue(['refused']);
    const { id } = await harness.rowOf('refused');
    const worker = await harness.startDownWorker();
    expect(await worker.deliverNow(id, 5_000)).toBe(false);
    const row = await harness.rowOf('refused');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await harness.jobOf('refused')).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('stops waiting for a silent server after the wait; the send goes on in the background', async () => {
    const silent = await startSilentServer();
    cleanups.push(silent.close);
    await harness.enqueue(['slow']);
    const { id } = await harness.rowOf('slow');
    const startedAt = Date.now();
    expect(await harness.startWorker(silent.url).deliverNow(id, 300)).toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    // Still claimed by this send, so no other worker sends it twice meanwhile.
    expect(await harness.jobOf('slow')).toMatchObject({ status: 'running', attempts: 1 });
    expect(await harness.rowOf('slow')).toMatchObject({ status: 'sending', sentAt: null });
    expect(await harness.startWorker().drain()).toBe(0);
  });

  it('leaves a mail that is not due alone', async () => {
    await harness.enqueue(['sent-already', 'held']);
    const db = harness.server.context.db;
    // Sent: its job ended with the send.
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(mailOutbox.subject, 'sent-already'));
    await harness.setJob('sent-already', { status: 'failed' });
    await harness.setJob('held', { runAt: new Date(Date.now() + 3_600_000) });
    const worker = harness.startWorker();
    for (const subject of ['sent-already', 'held'])
      expect(await worker.deliverNow((await harness.rowOf(subject)).id, 5_000)).toBe(false);
    expect(harness.smtp.received).toEqual([]);
  });

  it('answers false without a mail server configured', async () => {
    await harness.enqueue(['no-smtp']);
    const { id } = await harness.rowOf('no-smtp');
    expect(await harness.server.context.mail.deliverNow(id, 5_000)).toBe(false);
    expect(await harness.rowOf('no-smtp')).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it("tells the admins' pages when an invitation's send settles, and only then", async () => {
    const db = harness.server.context.db;
    const newestEvent = async () =>
      (await db.select().from(events).orderBy(desc(events.id)).limit(1))[0]?.id ?? 0;
    await harness.enqueue(['a-message']);
    const before = await newestEvent();
    await harness.startWorker().drain();
    expect(await newestEvent()).toBe(before);

    await db
      .update(mailOutbox)
      .set({ kind: 'invitation' })
      .where(eq(mailOutbox.subject, 'a-message'));
    await db
      .update(mailOutbox)
      .set({ status: 'pending', sentAt: null })
      .where(eq(mailOutbox.subject, 'a-message'));
    await enqueueMailJob(db, (await harness.rowOf('a-message')).id);
    await harness.startWorker().drain();
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: 'user.changed', adminOnly: true });
    expect(event!.id).toBeGreaterThan(before);
  });
});
