import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_COUNT_CAP } from '@casebridge/domain/constants';
import {
  MESSAGE_EDIT_WINDOW_MINUTES,
  type TMessage,
} from '@casebridge/domain/messages/message.schemas';
import type { Db } from '#src/db/client.ts';
import { mailOutbox, messageReads, messages, messageTemplates } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { countUpTo } from '#src/lib/bounded-count.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import { changedSince, changesOrder, cursorId } from '#src/lib/cursor-page.ts';
import { descNullsLast } from '#src/lib/index-order.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

/** Who reads the thread: the body of a retracted message reaches admins only. */
export type MessageViewer = Pick<Actor, 'userId' | 'role'>;

function messageColumns(viewer: MessageViewer) {
  const viewerId = viewer.userId;
  return {
    id: messages.id,
    patientId: messages.patientId,
    senderId: messages.senderId,
    senderName: messages.senderName,
    senderRole: messages.senderRole,
    senderOrganizationName: messages.senderOrganizationName,
    // Decided in SQL, so a retracted text never leaves the database for anyone but an admin.
    body:
      viewer.role === 'admin'
        ? sql<string | null>`${messages.body}`
        : sql<
            string | null
          >`case when ${messages.retractedAt} is null then ${messages.body} else null end`,
    templateId: messages.templateId,
    notifyByEmail: messages.notifyByEmail,
    createdAt: messages.createdAt,
    editedAt: messages.editedAt,
    retractedAt: messages.retractedAt,
    isReadByMe: sql<boolean>`(${messages.senderId} = ${viewerId} or exists (select 1 from ${messageReads} r where r.message_id = ${messages.id} and r.user_id = ${viewerId}))`,
    isReadByOthers: sql<boolean>`exists (select 1 from ${messageReads} r where r.message_id = ${messages.id} and r.user_id is distinct from ${messages.senderId})`,
    version: messages.version,
    updatedAt: messages.updatedAt,
    updatedByName: messages.updatedByName,
  };
}

type Timestamp = Date | string;
type MessageRow = Omit<TMessage, 'createdAt' | 'editedAt' | 'retractedAt' | 'updatedAt'> & {
  createdAt: Timestamp;
  editedAt: Timestamp | null;
  retractedAt: Timestamp | null;
  updatedAt: Timestamp;
};

const toIso = (value: Timestamp) => new Date(value).toISOString();

function toMessageDto(row: MessageRow): TMessage {
  return {
    ...row,
    isReadByMe: Boolean(row.isReadByMe),
    isReadByOthers: Boolean(row.isReadByOthers),
    createdAt: toIso(row.createdAt),
    editedAt: row.editedAt === null ? null : toIso(row.editedAt),
    retractedAt: row.retractedAt === null ? null : toIso(row.retractedAt),
    updatedAt: toIso(row.updatedAt),
  };
}

type ThreadPage = {
  patientId: InScopePatientId;
  viewer: MessageViewer;
  cursor?: string | undefined;
  limit: number;
  /** Only messages changed (sent, edited, retracted) at or after it, oldest change first. */
  updatedSince?: string | undefined;
};

/**
 * A page of the patient's thread, newest first, before the `cursor` message: read along
 * (patient_id, created_at, id), one row more than the page to know whether more follow.
 */
export function selectMessagePage(db: Db, page: ThreadPage) {
  const conditions: SQL[] = [eq(messages.patientId, page.patientId)];
  if (page.updatedSince) {
    const cursorRow = (condition: SQL) =>
      sql`select c.updated_at, c.id from ${messages} c where ${condition} and c.patient_id = ${page.patientId}`;
    return db
      .select(messageColumns(page.viewer))
      .from(messages)
      .where(
        and(...conditions, ...changedSince(messages, page.updatedSince, page.cursor, cursorRow)),
      )
      .orderBy(...changesOrder(messages))
      .limit(page.limit + 1);
  }
  if (page.cursor) {
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${cursorId(page.cursor)} and m.patient_id = ${page.patientId})`,
    );
  }
  return db
    .select(messageColumns(page.viewer))
    .from(messages)
    .where(and(...conditions))
    .orderBy(descNullsLast(messages.createdAt), descNullsLast(messages.id))
    .limit(page.limit + 1);
}

export async function listMessages(
  db: Db,
  page: ThreadPage,
): Promise<{ items: TMessage[]; hasMore: boolean }> {
  const rows = await selectMessagePage(db, page);
  return {
    items: rows.slice(0, page.limit).map(toMessageDto),
    hasMore: rows.length > page.limit,
  };
}

/**
 * The patient's messages counted up to MESSAGE_COUNT_CAP + 1 (a longer thread reads '999+'): the
 * count is served with every page of the thread, so it must not read every message.
 */
export async function countMessages(db: Db, patientId: InScopePatientId): Promise<number> {
  const { total, isTotalCapped } = await countUpTo(
    db,
    db.select({ id: messages.id }).from(messages).where(eq(messages.patientId, patientId)),
    MESSAGE_COUNT_CAP,
  );
  return isTotalCapped ? MESSAGE_COUNT_CAP + 1 : total;
}

export async function getMessage(
  db: Db,
  messageId: string,
  viewer: MessageViewer,
): Promise<TMessage> {
  const [row] = await db
    .select(messageColumns(viewer))
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

/**
 * A message of the patient, its row locked until the write's transaction ends, with whether the
 * edit window is still open by the database's clock (the one `created_at` was set by).
 */
export async function lockMessage(db: Db, patientId: InScopePatientId, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderName: messages.senderName,
      senderRole: messages.senderRole,
      senderOrganizationName: messages.senderOrganizationName,
      body: messages.body,
      createdAt: messages.createdAt,
      retractedAt: messages.retractedAt,
      version: messages.version,
      isEditable: sql<boolean>`${messages.createdAt} > now() - make_interval(mins => ${MESSAGE_EDIT_WINDOW_MINUTES})`,
    })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.patientId, patientId)))
    .for('update');
  return row ? { ...row, isEditable: Boolean(row.isEditable) } : null;
}

/** Whether the message exists and is the patient's. */
export async function isPatientMessage(
  db: Db,
  patientId: InScopePatientId,
  messageId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.patientId, patientId)));
  return row !== undefined;
}

/** Sets the sender's correction (a new text, or the retraction) as the message's next version. */
export async function updateMessage(
  db: Db,
  messageId: string,
  values: { body: string; editedAt: Date } | { retractedAt: Date },
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<{ version: number }> {
  const [row] = await db
    .update(messages)
    .set({ ...values, ...nextVersion(messages, actor) })
    .where(eq(messages.id, messageId))
    .returning({ version: messages.version });
  if (!row) throw new Error(`message ${messageId} update returned nothing`);
  return row;
}

/**
 * The notification e-mails of a message that have not left yet (pending, or failed and waiting
 * for an admin's retry): each names its message as its subject.
 */
function unsentMailOfMessage(messageId: string): SQL {
  return and(
    eq(mailOutbox.kind, 'message_notification'),
    eq(mailOutbox.subjectId, messageId),
    inArray(mailOutbox.status, ['pending', 'failed']),
  )!;
}

/** Replaces the content of a message's unsent e-mails; returns how many were rewritten. */
export async function rewriteUnsentMessageMail(
  db: Db,
  messageId: string,
  content: { subject: string; text: string; html: string },
): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set(content)
    .where(unsentMailOfMessage(messageId))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
