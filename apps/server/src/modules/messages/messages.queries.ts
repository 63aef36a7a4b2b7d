import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { TMessage } from '@casebridge/domain/messages/message.schemas';
import type { Db } from '#src/db/client.ts';
import { auditLogs, messageReads, messages, messageTemplates } from '#src/db/schema/index.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

function messageColumns(viewerId: string) {
  return {
    id: messages.id,
    patientId: messages.patientId,
    senderId: messages.senderId,
    senderName: messages.senderName,
    senderRole: messages.senderRole,
    senderOrganizationName: messages.senderOrganizationName,
    body: messages.body,
    templateId: messages.templateId,
    notifyByEmail: messages.notifyByEmail,
    createdAt: messages.createdAt,
    isReadByMe: sql<boolean>`(${messages.senderId} = ${viewerId} or exists (select 1 from ${messageReads} r where r.message_id = ${messages.id} and r.user_id = ${viewerId}))`,
    isReadByOthers: sql<boolean>`exists (select 1 from ${messageReads} r where r.message_id = ${messages.id} and r.user_id is distinct from ${messages.senderId})`,
  };
}

type MessageRow = Omit<TMessage, 'createdAt'> & { createdAt: Date | string };

function toMessageDto(row: MessageRow): TMessage {
  return {
    ...row,
    isReadByMe: Boolean(row.isReadByMe),
    isReadByOthers: Boolean(row.isReadByOthers),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A page of the patient's thread, newest first, before the `cursor` message. */
export async function listMessages(
  db: Db,
  page: {
    patientId: InScopePatientId;
    viewerId: string;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ items: TMessage[]; hasMore: boolean }> {
  const conditions: SQL[] = [eq(messages.patientId, page.patientId)];
  if (page.cursor) {
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${page.cursor} and m.patient_id = ${page.patientId})`,
    );
  }
  const rows = await db
    .select(messageColumns(page.viewerId))
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
  return {
    items: rows.slice(0, page.limit).map(toMessageDto),
    hasMore: rows.length > page.limit,
  };
}

export async function countMessages(db: Db, patientId: InScopePatientId): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.patientId, patientId));
  return Number(row?.n ?? 0);
}

export async function getMessage(db: Db, messageId: string, viewerId: string): Promise<TMessage> {
  const [row] = await db
    .select(messageColumns(viewerId))
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!row) throw new Error(`message ${messageId} not found`);
  return toMessageDto(row);
}

export async function insertMessage(
  db: Db,
  values: typeof messages.$inferInsert & { patientId: InScopePatientId },
): Promise<{ id: string }> {
  const [row] = await db.insert(messages).values(values).returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  return row;
}

/**
 * Records that the user read these messages of the patient. Ids of other patients' messages
 * are ignored; returns how many receipts are new.
 */
export async function insertReadReceipts(
  db: Db,
  patientId: InScopePatientId,
  messageIds: readonly string[],
  userId: string,
): Promise<number> {
  if (messageIds.length === 0) return 0;
  const own = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.patientId, patientId), inArray(messages.id, [...messageIds])));
  if (own.length === 0) return 0;
  const inserted = await db
    .insert(messageReads)
    .values(own.map((row) => ({ messageId: row.id, userId })))
    .onConflictDoNothing()
    .returning({ messageId: messageReads.messageId });
  return inserted.length;
}

/** Whether an active message template with this id exists (the composer's picker offers it). */
export async function isActiveMessageTemplate(db: Db, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.id, templateId),
        eq(messageTemplates.templateType, 'message'),
        eq(messageTemplates.active, true),
      ),
    );
  return row !== undefined;
}

/** Whether the user's opening of this thread was already audited after `since`. */
export async function hasAuditedThreadViewSince(
  db: Db,
  userId: string,
  patientId: InScopePatientId,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, 'messages_viewed'),
        eq(auditLogs.userId, userId),
        eq(auditLogs.patientId, patientId),
        gt(auditLogs.timestamp, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
