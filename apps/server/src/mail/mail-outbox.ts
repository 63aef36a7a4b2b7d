import type { Db } from '#src/db/client.ts';
import { mailOutbox } from '#src/db/schema/index.ts';

export type OutgoingMail = {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The record the mail is about (a message, an invited user), to find its mails later. */
  subjectId?: string;
};

/** Queues mail for the background worker; no request ever waits on SMTP (docs/architecture.md, 'Mail'). */
export async function enqueueMail(db: Db, mail: OutgoingMail | OutgoingMail[]): Promise<void> {
  const rows = (Array.isArray(mail) ? mail : [mail]).map((item) => ({
    kind: item.kind,
    toAddress: item.to,
    subject: item.subject,
    html: item.html,
    text: item.text,
    subjectId: item.subjectId ?? null,
  }));
  if (rows.length > 0) await db.insert(mailOutbox).values(rows);
}
