import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  TMailOutboxDetail,
  TMailOutboxItem,
} from '@casebridge/domain/admin/system-tools.schemas';
import type { Db } from '#src/db/client.ts';
import { mailOutbox, messages } from '#src/db/schema/index.ts';
import { getMailMessageId } from '#src/mail/message-id.ts';

type MailRow = typeof mailOutbox.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toItem(row: MailRow): TMailOutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listMail(
  db: Db,
  filter: { status?: TMailOutboxItem['status'] | undefined; search?: string | undefined },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  return { items: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getMail(
  db: Db,
  id: string,
  appUrl: string,
): Promise<TMailOutboxDetail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row
    ? { ...toItem(row), text: row.text, messageId: getMailMessageId(row.id, appUrl) }
    : null;
}

/**
 * The patient a mail is about, where the outbox knows it: a message notification names its
 * message. Other mails name no patient (digests are per user, invitations name a user).
 */
export async function findMailPatientId(db: Db, mail: TMailOutboxItem): Promise<string | null> {
  if (mail.kind !== 'message_notification') return null;
  const [row] = await db
    .select({ patientId: messages.patientId })
    .from(messages)
    .innerJoin(mailOutbox, sql`${mailOutbox.subjectId} = ${messages.id}::text`)
    .where(eq(mailOutbox.id, mail.id));
  return row?.patientId ?? null;
}

export async function getMailRow(db: Db, id: string): Promise<MailRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/**
 * Puts failed mails back in the queue, due now, as if just queued: created_at restarts the
 * give-up window and attempts the backoff. Only 'failed' rows change, so a mail a worker is
 * sending, or one already sent, is never touched.
 */
export async function requeueFailedMail(db: Db, id?: string): Promise<MailRow[]> {
  return db
    .update(mailOutbox)
    .set({
      status: 'pending',
      attempts: 0,
      createdAt: sql`now()`,
      nextAttemptAt: sql`now()`,
      claimedUntil: null,
      lastError: null,
    })
    .where(and(eq(mailOutbox.status, 'failed'), id ? eq(mailOutbox.id, id) : undefined))
    .returning();
}
