import { describeError } from '../lib/loggable-error.ts';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

const MAX_ATTEMPTS = 8;
const BATCH_SIZE = 20;
/**
 * How long a claimed mail belongs to the worker that claimed it. A worker that dies mid-send
 * leaves the mail 'sending'; once the lease has passed another worker retries it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** SMTP timeouts well inside the lease, so a hung server cannot outlive a claim. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

type MailRow = typeof mailOutbox.$inferSelect;

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

const inMs = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/**
 * Claims the next due mail in one statement: `for update skip locked` makes concurrent workers
 * (other server instances) pass over a row another is claiming, and the claim itself (status
 * 'sending' with a lease) keeps them off it afterwards. The attempt is counted at claim time, so
 * a worker that crashes mid-send still moves the mail towards MAX_ATTEMPTS. One mail per claim:
 * the lease then covers a single send, not a whole batch waiting behind a slow server.
 */
async function claimNextMail(db: Db): Promise<MailRow | null> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      status: 'sending',
      claimedUntil: inMs(CLAIM_LEASE_MS),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed ?? null;
}

/** Only the claim that is still ours may settle the mail (the attempt count fences it). */
const isOurClaim = (mail: MailRow) =>
  and(
    eq(mailOutbox.id, mail.id),
    eq(mailOutbox.status, 'sending'),
    eq(mailOutbox.attempts, mail.attempts),
  );

/**
 * Drains the outbox: each due mail is claimed, then sent, or rescheduled with backoff, or after
 * MAX_ATTEMPTS marked failed. Safe with several server instances on one database: a mail is
 * sent by the worker that claimed it. Without SMTP_URL mails stay pending and readable by admins.
 */
export function startMailWorker(options: MailWorkerOptions) {
  const { db, smtpUrl, from, log } = options;
  if (!smtpUrl) {
    log.warn('No email service configured');
    return { drain: async () => 0, stop: async () => undefined };
  }
  const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  let isDraining = false;

  async function send(mail: MailRow): Promise<boolean> {
    try {
      await transport.sendMail({
        from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({
          status: mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          claimedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          nextAttemptAt: inMs(getRetryDelayMs(mail.attempts)),
        })
        .where(isOurClaim(mail));
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null })
      .where(isOurClaim(mail));
    return true;
  }

  async function drain(): Promise<number> {
    if (isDraining) return 0;
    isDraining = true;
    let sent = 0;
    try {
      for (let claimed = 0; claimed < BATCH_SIZE; claimed += 1) {
        const mail = await claimNextMail(db);
        if (!mail) break;
        if (await send(mail)) sent += 1;
      }
    } finally {
      isDraining = false;
    }
    return sent;
  }

  const timer = setInterval(() => {
    drain().catch((error: unknown) => log.warn(`mail worker: ${describeError(error)}`));
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
