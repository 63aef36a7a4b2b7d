import type { Db } from '#src/db/client.ts';
import { mailOutbox } from '#src/db/schema/index.ts';
import { enqueueJobs } from '#src/jobs/job-queue.ts';

export type OutgoingMail = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The record the mail is about (a message, an invited user), to find its mails later. */
  subjectId?: string;
};

/** The job that sends one mail (mail/mail-jobs.ts), by name. */
export const MAIL_SEND_JOB = 'mail.send';

/** The key of a mail's sending job: one unfinished job per mail. */
export const mailJobKey = (mailId: string) => `mail:${mailId}`;

/** A job sending each of the mails. */
export const mailJobs = (mailIds: readonly string[]) =>
  mailIds.map((mailId) => ({ name: MAIL_SEND_JOB, payload: { mailId }, key: mailJobKey(mailId) }));

/**
 * Queues mail, with a job sending each, in the caller's transaction; no request ever waits on
 * SMTP (docs/architecture/mail-and-notifications.md).
 */
export async function enqueueMail(db: Db, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const rows = (Array.isArray(mail) ? mail : [mail]).map((item) => ({
    kind: item.kind,
    toAddress: item.to,
    subject: item.subject,
    html: item.html,
    text: item.text,
    subjectId: item.subjectId ?? null,
  }));
  if (rows.length === 0) return;
  const inserted = await db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
  await enqueueJobs(db, mailJobs(inserted.map((row) => row.id)));
}
