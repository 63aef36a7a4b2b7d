import { and, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_UNREAD_COUNT_CAP, type NotificationType } from '@casebridge/domain/constants';
import { getPatientScope, type PolicyActor } from '@casebridge/domain/patients/patient.policy';
import type {
  NotificationPreferenceToggle,
  TNotification,
} from '@casebridge/domain/notifications/notification.schemas';
import type { Db } from '#src/db/client.ts';
import {
  documents,
  notificationPreferences,
  notifications,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { countUpTo } from '#src/lib/bounded-count.ts';
import { descNullsLast } from '#src/lib/index-order.ts';
import { documentVisibilityCondition } from '#src/modules/documents/document-visibility.ts';
import { patientScopeCondition, withAccessGrants } from '#src/modules/patients/patient-scope.ts';

/**
 * The document rule of spec section 6 for a notification about a document, checked against the
 * patient's status now: an attorney told about an Intake upload while the patient was Discharged
 * stops seeing the notification when the patient leaves Discharged, and sees it again on return.
 * The subquery's own `patients` shadows the outer one, so the rule reads the document's patient.
 */
function documentNotificationCondition(user: PolicyActor): SQL {
  return or(
    isNull(notifications.documentId),
    sql`exists (select 1 from ${documents} inner join ${patients} on ${patients.id} = ${documents.patientId} where ${documents.id} = ${notifications.documentId} and ${documentVisibilityCondition(user)})`,
  )!;
}

/**
 * What a user may see of their notifications: their own, and of those about a patient only
 * while the patient is still in their scope (the text names the patient), and of those about a
 * document only while the document is visible to them. A user whose scope cannot be computed
 * keeps only the notifications that concern no patient. Queries using it join `patients` on
 * the notification's patient.
 */
export function notificationVisibility(user: PolicyActor): SQL {
  let patientCondition: SQL;
  try {
    patientCondition = patientScopeCondition(withAccessGrants(getPatientScope(user), user.userId));
  } catch {
    patientCondition = sql`false`;
  }
  return and(
    eq(notifications.recipientUserId, user.userId),
    or(isNull(notifications.patientId), patientCondition),
    documentNotificationCondition(user),
  )!;
}

type NotificationRow = {
  id: string;
  type: NotificationType;
  content: string;
  patientId: string | null;
  patientName: string | null;
  linkTo: string | null;
  isRead: boolean;
  fromRole: string | null;
  createdAt: Date;
};

const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  content: notifications.content,
  patientId: notifications.patientId,
  patientName: patients.fullName,
  linkTo: notifications.linkTo,
  isRead: notifications.isRead,
  fromRole: notifications.fromRole,
  createdAt: notifications.createdAt,
};

export function toNotificationDto(row: NotificationRow): TNotification {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * A page of the user's notifications, newest first, before the `cursor` notification: read along
 * (recipient_user_id, created_at, id), one row more than the page to know whether more follow.
 */
export function selectNotificationPage(
  db: Db,
  user: PolicyActor,
  page: { cursor?: string | undefined; limit: number; since?: Date; unreadOnly?: boolean },
) {
  const conditions: SQL[] = [notificationVisibility(user)];
  if (page.cursor) {
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${page.cursor} and n.recipient_user_id = ${user.userId})`,
    );
  }
  if (page.since) conditions.push(sql`${notifications.createdAt} > ${page.since.toISOString()}`);
  if (page.unreadOnly) conditions.push(eq(notifications.isRead, false));
  return db
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(patients, eq(patients.id, notifications.patientId))
    .where(and(...conditions))
    .orderBy(descNullsLast(notifications.createdAt), descNullsLast(notifications.id))
    .limit(page.limit + 1);
}

export async function listNotifications(
  db: Db,
  user: PolicyActor,
  page: { cursor?: string | undefined; limit: number; since?: Date; unreadOnly?: boolean },
): Promise<{ items: TNotification[]; hasMore: boolean }> {
  const rows = await selectNotificationPage(db, user, page);
  return {
    items: rows.slice(0, page.limit).map(toNotificationDto),
    hasMore: rows.length > page.limit,
  };
}

/** The user's visible unread notifications (newer than `since` when given). */
export function selectUnreadNotifications(db: Db, user: PolicyActor, since?: Date) {
  return db
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(patients, eq(patients.id, notifications.patientId))
    .where(
      and(
        notificationVisibility(user),
        eq(notifications.isRead, false),
        since ? sql`${notifications.createdAt} > ${since.toISOString()}` : undefined,
      ),
    );
}

/**
 * The unread count the bell and the Notification Center show, asked on every page: counted up
 * to NOTIFICATION_UNREAD_COUNT_CAP + 1 only (more reads as '999+'), so it costs the same for a
 * user with a hundred thousand unread notifications.
 */
export async function countUnreadForBadge(db: Db, user: PolicyActor): Promise<number> {
  const { total, isTotalCapped } = await countUpTo(
    db,
    selectUnreadNotifications(db, user),
    NOTIFICATION_UNREAD_COUNT_CAP,
  );
  return isTotalCapped ? NOTIFICATION_UNREAD_COUNT_CAP + 1 : total;
}

/** The exact unread count since `since`, for the digest e-mail (a background job, not a page). */
export async function countUnreadNotifications(
  db: Db,
  user: PolicyActor,
  since?: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(selectUnreadNotifications(db, user, since).as('unread'));
  return Number(row?.n ?? 0);
}

export type MarkReadResult = 'marked' | 'already-read' | 'not-found';

/** Marks one of the user's visible notifications read; anyone else's answers 'not-found'. */
export async function markNotificationRead(
  db: Db,
  user: PolicyActor,
  notificationId: string,
): Promise<MarkReadResult> {
  const [row] = await db
    .select({ id: notifications.id, isRead: notifications.isRead })
    .from(notifications)
    .leftJoin(patients, eq(patients.id, notifications.patientId))
    .where(and(eq(notifications.id, notificationId), notificationVisibility(user)));
  if (!row) return 'not-found';
  if (row.isRead) return 'already-read';
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(eq(notifications.id, notificationId), eq(notifications.recipientUserId, user.userId)),
    );
  return 'marked';
}

/**
 * Marks read what the user can see unread, no more: a hidden notification (patient out of scope,
 * document not visible now) keeps its state, so the count marked equals the unread count shown.
 */
export async function markAllNotificationsRead(db: Db, user: PolicyActor): Promise<number> {
  const visibleUnread = db
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(patients, eq(patients.id, notifications.patientId))
    .where(and(notificationVisibility(user), eq(notifications.isRead, false)));
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.recipientUserId, user.userId),
        eq(notifications.isRead, false),
        inArray(notifications.id, visibleUnread),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

const TOGGLE_COLUMNS = {
  notifyOnStatusChange: notificationPreferences.notifyOnStatusChange,
  notifyOnDocumentUpload: notificationPreferences.notifyOnDocumentUpload,
  notifyOnMessageReceived: notificationPreferences.notifyOnMessageReceived,
  notifyOnCaseRequests: notificationPreferences.notifyOnCaseRequests,
  notifyOnTreatmentGaps: notificationPreferences.notifyOnTreatmentGaps,
  notifyOnLienActivity: notificationPreferences.notifyOnLienActivity,
  notifyOnVisits: notificationPreferences.notifyOnVisits,
} as const;

/** Of the given users, those who switched the toggle off (no preferences row = all on). */
export async function listUsersWithToggleOff(
  db: Db,
  userIds: readonly string[],
  toggle: NotificationPreferenceToggle,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, [...userIds]), eq(TOGGLE_COLUMNS[toggle], false)),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Where each user's notification e-mails go: the preference, else the account e-mail. */
export async function listNotificationAddresses(
  db: Db,
  userIds: readonly string[],
): Promise<Array<{ userId: string; address: string }>> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      address: sql<string>`coalesce(${notificationPreferences.notificationEmail}, ${users.email})`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(inArray(users.id, [...userIds]), eq(users.active, true), eq(users.kind, 'person')));
}
