import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { mailOutbox } from '#src/db/schema/index.ts';
import { defineJob, type AnyJobDefinition } from '#src/jobs/job-definition.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { MAIL_SEND_JOB, mailJobKey } from './mail-outbox.ts';
import { getMailMessageId } from './message-id.ts';
import { getGiveUpReason, getRetryDelayMs, MAIL_GIVE_UP_AFTER_MS } from './retry-policy.ts';

/** SMTP timeouts inside the job's timeout, so a hung server cannot outlive an attempt. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
const SEND_TIMEOUT_MS = 120_000;

/**
 * Pages that show a kind of mail's delivery, told when a send settles: the admin's user list
 * shows whether each invitation was e-mailed.
 */
const SETTLED_MAIL_TOPICS: Partial<Record<string, 'user.changed'>> = {
  invitation: 'user.changed',
};

export type MailJobOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** Its host names the Message-ID domain. */
  appUrl?: string | undefined;
};

/** Records a send's end on the mail, and tells the pages that show this kind of mail. */
async function settleMail(
  tx: Db,
  mailId: string,
  outcome: PgUpdateSetSource<typeof mailOutbox>,
): Promise<void> {
  await inChange(tx, { actor: null, context: systemContext() }, async (change) => {
    const [mail] = await change.tx
      .update(mailOutbox)
      .set(outcome)
      .where(eq(mailOutbox.id, mailId))
      .returning({ kind: mailOutbox.kind });
    const topic = mail && SETTLED_MAIL_TOPICS[mail.kind];
    if (topic) change.publish({ topic });
  });
}

/**
 * The mail jobs: one 'mail.send' per queued mail (mail-outbox.ts queues it with the mail). A
 * failed send is retried with backoff (30 s doubling to an hour) until MAIL_GIVE_UP_AFTER_MS after
 * the mail was queued or requeued, then the mail is 'failed' with the reason. A send that the
 * SMTP server accepted before its instance died is sent again under the same Message-ID, so
 * receivers can drop the copy. Without SMTP_URL there is no such job here: mails stay queued and
 * readable by admins, and the queue shows them waiting.
 */
export function createMailJobs(options: MailJobOptions): AnyJobDefinition[] {
  if (!options.smtpUrl) return [];
  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  const send = defineJob({
    name: MAIL_SEND_JOB,
    payload: z.object({ mailId: z.uuid() }),
    timeoutMs: SEND_TIMEOUT_MS,
    retry: {
      maxAttempts: Number.POSITIVE_INFINITY,
      delayMs: getRetryDelayMs,
      giveUpAfterMs: MAIL_GIVE_UP_AFTER_MS,
    },
    async run({ mailId }, { db, attempt }) {
      // 'sending' while an attempt holds the job: the admin's outbox shows it. A failed mail
      // comes back here only through an admin's retry of its job.
      const [mail] = await db
        .update(mailOutbox)
        .set({ status: 'sending' })
        .where(and(eq(mailOutbox.id, mailId), ne(mailOutbox.status, 'sent')))
        .returning();
      if (!mail) return;
      await transport.sendMail({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: getMailMessageId(mail.id, options.appUrl),
      });
      return {
        settle: (tx) =>
          settleMail(tx, mailId, {
            status: 'sent',
            sentAt: new Date(),
            attempts: attempt,
            claimedUntil: null,
            lastError: null,
          }),
      };
    },
    async onFailure(tx, { mailId }, failure) {
      await settleMail(tx, mailId, {
        status: failure.isFinal ? 'failed' : 'pending',
        attempts: failure.attempt,
        claimedUntil: null,
        lastError: failure.isFinal ? getGiveUpReason(failure.error) : failure.error,
        nextAttemptAt: sql`now() + ${`${getRetryDelayMs(failure.attempt)} milliseconds`}::interval`,
      });
    },
  });
  return [send];
}

/** What a route may do with mail beyond queuing it: try to send one now (an invitation). */
export type MailDelivery = {
  /**
   * Sends one queued mail now, waiting at most `waitMs`: true once the SMTP server has accepted
   * it. False when no mail server is configured, the mail is another instance's, the server
   * refuses or is slower than the wait; the mail then goes on as queued mail does.
   */
  deliverNow(mailId: string, waitMs: number): Promise<boolean>;
};

/** deliverNow on the job runner: the mail's own job, run here and now. */
export function mailDeliveryOn(runner: {
  runNow(key: string, waitMs: number): Promise<boolean>;
}): MailDelivery {
  return { deliverNow: (mailId, waitMs) => runner.runNow(mailJobKey(mailId), waitMs) };
}
