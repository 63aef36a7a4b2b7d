import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;

export type MailWorkerOptions = {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  intervalMs?: number;
  log: { info(message: string): void; warn(message: string): void };
};

/** Exponential backoff: 30 s, 1 min, 2 min … capped at one hour. */
export function getRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Drains the outbox: each due mail is sent, or rescheduled with backoff, or after
 * MAX_ATTEMPTS marked failed. Without SMTP_URL mails stay pending and readable by admins.
 */
export function startMailWorker(options: MailWorkerOptions) {
  const { db, smtpUrl, from, log } = options;
  if (!smtpUrl) {
    log.warn('No email service configured');
    return { drain: async () => 0, stop: async () => undefined };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  let isDraining = false;

  async function drain(): Promise<number> {
    if (isDraining) return 0;
    isDraining = true;
    let sent = 0;
    try {
      const due = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH_SIZE);
      for (const mail of due) {
        try {
          await transport.sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          });
          await db
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: new Date(),
              attempts: mail.attempts + 1,
              lastError: null,
            })
            .where(eq(mailOutbox.id, mail.id));
          sent += 1;
        } catch (error) {
          const attempts = mail.attempts + 1;
          await db
            .update(mailOutbox)
            .set({
              attempts,
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
              nextAttemptAt: sql`now() + ${`${getRetryDelayMs(attempts)} milliseconds`}::interval`,
            })
            .where(eq(mailOutbox.id, mail.id));
        }
      }
    } finally {
      isDraining = false;
    }
    return sent;
  }

  const timer = setInterval(() => {
    drain().catch((error: unknown) => log.warn(`mail worker: ${String(error)}`));
  }, options.intervalMs ?? 5_000);
  timer.unref();
  return {
    drain,
    stop: async () => {
      clearInterval(timer);
      transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof startMailWorker>;
