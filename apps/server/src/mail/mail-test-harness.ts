import { afterAll, afterEach, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jobs, mailOutbox } from '#src/db/schema/index.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { getFreePort, startTestSmtpServer, type TestSmtpServer } from '#src/mail/smtp-sink.ts';
import { useTestServer, type TestServer } from '#src/test/test-server.ts';
import { createMailJobs, mailDeliveryOn } from './mail-jobs.ts';
import { enqueueMail, mailJobKey } from './mail-outbox.ts';

const quietLog = { info: () => undefined, warn: () => undefined };

/** The mail job on a runner of its own, as another instance configured with SMTP would run it. */
export type MailWorker = {
  /** Runs every due mail job; resolves with how many succeeded. */
  drain(): Promise<number>;
  deliverNow(mailId: string, waitMs: number): Promise<boolean>;
  stop(): Promise<void>;
};

/**
 * A test server that sends no mail itself (no SMTP_URL), an SMTP sink, and workers the test
 * starts itself; each test starts with an empty outbox and sink. Call inside a `describe`.
 */
export type MailHarness = {
  readonly server: TestServer;
  readonly smtp: TestSmtpServer;
  /** The admin's session cookie. */
  readonly admin: string;
  /** A worker sending to the sink, or to `smtpUrl`; stopped after the test. */
  startWorker(smtpUrl?: string): MailWorker;
  /** A worker whose SMTP server does not answer. */
  startDownWorker(): Promise<MailWorker>;
  /** Queues one message mail per subject, addressed `<subject>@example.test`. */
  enqueue(subjects: string[]): Promise<void>;
  rowOf(subject: string): Promise<typeof mailOutbox.$inferSelect>;
  /** The sending job of the mail with `subject` (undefined once it succeeded). */
  jobOf(subject: string): Promise<typeof jobs.$inferSelect | undefined>;
  /** Changes the sending job of the mail with `subject` (to backdate it, or make it due). */
  setJob(subject: string, set: PgUpdateSetSource<typeof jobs>): Promise<void>;
};

export function useMailHarness(): MailHarness {
  const setup = useTestServer('admin@demo.test');
  const sink = { smtp: undefined as unknown as TestSmtpServer };
  const harness: MailHarness = {
    get server() {
      return setup.server;
    },
    get smtp() {
      return sink.smtp;
    },
    get admin() {
      return setup.cookie;
    },
    startWorker(smtpUrl = harness.smtp.url) {
      const runner = createJobRunner({
        db: harness.server.context.db,
        definitions: createMailJobs({
          smtpUrl,
          from: 'CaseBridge <noreply@casebridge.test>',
          appUrl: harness.server.context.env.appUrl,
        }),
        appUrl: harness.server.context.env.appUrl,
        log: quietLog,
      });
      const worker: MailWorker = {
        drain: () => runner.runDue(),
        deliverNow: mailDeliveryOn(runner).deliverNow,
        stop: () => runner.stop(),
      };
      workers.push(worker);
      return worker;
    },
    async startDownWorker() {
      return harness.startWorker(`smtp://127.0.0.1:${await getFreePort()}`);
    },
    enqueue(subjects: string[]) {
      return enqueueMail(
        harness.server.context.db,
        subjects.map((subject) => ({
          kind: 'message' as const,
          to: `${subject}@example.test`,
          subject,
          html: `<p>${subject}</p>`,
          text: subject,
        })),
      );
    },
    async rowOf(subject: string) {
      const db = harness.server.context.db;
      return (await db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0]!;
    },
    async jobOf(subject: string) {
      const { id } = await harness.rowOf(subject);
      const db = harness.server.context.db;
      return (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.key, mailJobKey(id)))
      )[0];
    },
    async setJob(subject, set) {
      const { id } = await harness.rowOf(subject);
      await harness.server.context.db
        .update(jobs)
        .set(set)
        .where(eq(jobs.key, mailJobKey(id)));
    },
  };
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    sink.smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await harness.server.context.db.delete(mailOutbox).where(sql`true`);
    await harness.server.context.db.delete(jobs).where(sql`${jobs.name} = 'mail.send'`);
    harness.smtp.received.length = 0;
  });
  afterAll(async () => sink.smtp.close());
  return harness;
}
