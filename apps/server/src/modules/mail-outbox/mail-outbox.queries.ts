import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  TMailOutboxDetail,
  TMailOutboxItem,
} from '@casebridge/domain/admin/system-tools.schemas';
import { MAIL_OUTBOX_COUNT_CAP } from '@casebridge/domain/constants';
import type { Db } from '#src/db/client.ts';
import { mailOutbox, messages } from '#src/db/schema/index.ts';
import { countUpTo } from '#src/lib/bounded-count.ts';
import { descNullsLast } from '#src/lib/index-order.ts';
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

type MailFilter = { status?: TMailOutboxItem['status'] | undefined; search?: string | undefined };

function toConditions(filter: MailFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern))!);
  }
  return conditions;
}

/**
 * Newest first, the e-mails after the `cursor` one in (created_at, id) order, read along
 * mail_outbox_created_id_idx; the count beside it stops at MAIL_OUTBOX_COUNT_CAP.
 */
export async function listMail(
  db: Db,
  filter: MailFilter,
  page: { cursor?: string | undefined; pageSize: number },
) {
  const after = page.cursor
    ? [
        sql`(${mailOutbox.createdAt}, ${mailOutbox.id}) < (select c.created_at, c.id from ${mailOutbox} c where c.id = ${page.cursor})`,
      ]
    : [];
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(and(...toConditions(filter), ...after))
      .orderBy(descNullsLast(mailOutbox.createdAt), descNullsLast(mailOutbox.id))
      .limit(page.pageSize + 1),
    countUpTo(
      db,
      db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(...toConditions(filter))),
      MAIL_OUTBOX_COUNT_CAP,
    ),
  ]);
  const items = rows.slice(0, page.pageSize).map(toItem);
  const last = items.at(-1);
  return { items, ...counted, nextCursor: rows.length > page.pageSize && last ? last.id : null };
}

export async function getMail(
  db: Db,
  id: string,
  appUrl: string,
): Promise<Omit<TMailOutboxDetail, 'hiddenLinks'> | null> {
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

/** Unsent mail by status, with the age in seconds of the oldest of each (the metrics'). */
export function countUnsentMail(db: Db) {
  return db
    .select({
      status: mailOutbox.status,
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`greatest(0, extract(epoch from now() - min(${mailOutbox.createdAt})))::float`,
    })
    .from(mailOutbox)
    .where(ne(mailOutbox.status, 'sent'))
    .groupBy(mailOutbox.status);
}
