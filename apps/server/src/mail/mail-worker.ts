import { describeError } from '#src/lib/loggable-error.ts';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '#src/db/client.ts';
import { mailOutbox } from '#src/db/schema/index.ts';
import { inChange } from '#src/change/change.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { getMailMessageId } from './message-id.ts';
import { getGiveUpReason, getRetryDelayMs, MAIL_GIVE_UP_AFTER_MS } from './retry-policy.ts';

const BATCH_SIZE = 20;
/**
 * How long a claimed mail belongs to the worker that claimed it. A worker that dies mid-send
 * leaves the mail 'sending'; once the lease has passed another worker retries it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** SMTP timeouts well inside the lease, so a hung server cannot outlive a claim. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

type MailRow = typeof mailOutbox.$inferSelect;

/**
 * Pages that show a kind of mail's delivery, told when a send settles: the admin's user list
 * shows whether each invitation was e-mailed.
 */
const SETTLED_MAIL_TOPICS: Partial<Record<string, 'user.changed'>> = {
  invitation: 'user.changed',
};

export type MailWorkerOptions = {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  /** Its host names the Message-ID domain. */
  appUrl?: string | undefined;
  intervalMs?: number;
  log: { info(message: string): void; warn(message: string): void };
};

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;
const inMs = (ms: number) => sql`now() + ${interval(ms)}`;
/**
 * The lease is stored to the millisecond so that a claim read back into a JS Date compares equal
 * in the fence below (PostgreSQL keeps microseconds, Date does not).
 */
const leaseUntil = () => sql`date_trunc('milliseconds', ${inMs(CLAIM_LEASE_MS)})`;
/** Judged on the database clock, like the lease, so instances with skewed clocks agree. */
const isPastGiveUp = sql`${mailOutbox.createdAt} <= now() - ${interval(MAIL_GIVE_UP_AFTER_MS)}`;

/**
 * Claims the next due mail (or `onlyId`, if it is due) in one statement: `for update skip
 * locked` makes concurrent workers (other server instances) pass over a row another is claiming,
 * and the claim itself (status 'sending' with a lease) keeps them off it afterwards. The attempt
 * is counted at claim time, so the backoff grows even for a mail whose worker crashes mid-send.
 * One mail per claim: the lease then covers a single send, not a whole batch waiting behind a
 * slow server.
 */
async function claimNextMail(db: Db, onlyId?: string): Promise<MailRow | null> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        onlyId === undefined ? undefined : eq(mailOutbox.id, onlyId),
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      status: 'sending',
      claimedUntil: leaseUntil(),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed ?? null;
}

/**
 * Only the claim that is still ours may settle the mail. The attempt count fences it; the lease
 * too, because an admin's retry of a failed mail starts the count again from zero.
 */
const isOurClaim = (mail: MailRow) =>
  and(
    eq(mailOutbox.id, mail.id),
    eq(mailOutbox.status, 'sending'),
    eq(mailOutbox.attempts, mail.attempts),
    mail.claimedUntil ? eq(mailOutbox.claimedUntil, mail.claimedUntil) : undefined,
  );

/**
 * A failed send is retried with backoff until MAIL_GIVE_UP_AFTER_MS after the mail was queued,
 * then marked failed with the reason. Decided in SQL so the age is read on the database clock.
 */
async function settleFailedSend(db: Db, mail: MailRow, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message.slice(0, 500) : 'send failed';
  await settle(db, mail, {
    status: sql`case when ${isPastGiveUp} then 'failed' else 'pending' end`,
    claimedUntil: null,
    lastError: sql`case when ${isPastGiveUp} then ${getGiveUpReason(message)}::text else ${message}::text end`,
    nextAttemptAt: inMs(getRetryDelayMs(mail.attempts)),
  });
}

/** Records how a send ended, and tells the pages that show this kind of mail's delivery. */
async function settle(
  db: Db,
  mail: MailRow,
  outcome: PgUpdateSetSource<typeof mailOutbox>,
): Promise<void> {
  const topic = SETTLED_MAIL_TOPICS[mail.kind];
  await inChange(db, { actor: null, context: systemContext() }, async (change) => {
    const settled = await change.tx
      .update(mailOutbox)
      .set(outcome)
      .where(isOurClaim(mail))
      .returning({ id: mailOutbox.id });
    if (topic && settled.length > 0) change.publish({ topic });
  });
}

const sleep = (ms: number) =>
  new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref());

/**
 * Drains the outbox: each due mail is claimed, then sent, or rescheduled with backoff, or once it
 * is older than MAIL_GIVE_UP_AFTER_MS marked failed. Safe with several server instances on one database: a mail is
 * sent by the worker that claimed it. Without SMTP_URL mails stay pending and readable by admins.
 */
export function startMailWorker(options: MailWorkerOptions) {
  const { db, smtpUrl, from, appUrl, log } = options;
  if (!smtpUrl) {
    log.warn('No email service configured');
    return {
      drain: async () => 0,
      deliverNow: async () => false,
      stop: async () => undefined,
    };
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
        messageId: getMailMessageId(mail.id, appUrl),
      });
    } catch (error) {
      await settleFailedSend(db, mail, error);
      return false;
    }
    await settle(db, mail, {
      status: 'sent',
      sentAt: new Date(),
      claimedUntil: null,
      lastError: null,
    });
    return true;
  }

  /**
   * Sends one queued mail now, for an answer that says whether it went (an invitation), waiting
   * at most `waitMs`: true once the SMTP server has accepted it. A mail another worker holds, a
   * server that refuses or one that is slower than the wait: false, and the mail goes on as
   * queued mail does (a slow send still settles in the background; a refused one is retried).
   */
  async function deliverNow(mailId: string, waitMs: number): Promise<boolean> {
    const mail = await claimNextMail(db, mailId);
    if (!mail) return false;
    const sending = send(mail).catch((error: unknown) => {
      log.warn(`mail worker: ${describeError(error)}`);
      return false;
    });
    return (await Promise.race([sending, sleep(waitMs)])) === true;
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
    deliverNow,
    stop: async () => {
      clearInterval(timer);
      transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof startMailWorker>;
/** What a route may do with mail beyond queuing it: try to send one now (an invitation). */
export type MailDelivery = Pick<MailWorker, 'deliverNow'>;
