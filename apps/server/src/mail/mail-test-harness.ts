import { afterAll, afterEach, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox } from '#src/db/schema/index.ts';
import {
  getFreePort,
  startTestSmtpServer,
  type TestSmtpServer,
} from '#src/modules/notifications/test-smtp-server.ts';
import { useTestServer, type TestServer } from '#src/test/test-server.ts';
import { enqueueMail } from './mail-outbox.ts';
import { startMailWorker, type MailWorker } from './mail-worker.ts';

const quietLog = { info: () => undefined, warn: () => undefined };

/**
 * A test server whose own worker stays idle (no SMTP_URL), an SMTP sink, and workers the test
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
      const worker = startMailWorker({
        db: harness.server.context.db,
        smtpUrl,
        from: 'CaseBridge <noreply@casebridge.test>',
        appUrl: harness.server.context.env.appUrl,
        intervalMs: 3_600_000,
        log: quietLog,
      });
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
  };
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    sink.smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await harness.server.context.db.delete(mailOutbox).where(sql`true`);
    harness.smtp.received.length = 0;
  });
  afterAll(async () => sink.smtp.close());
  return harness;
}
