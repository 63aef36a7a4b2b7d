import type { NotificationType } from '@casebridge/domain/constants';
import type { Role } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { notifications } from '#src/db/schema/index.ts';
import type { LiveEvent } from '#src/events/outbox.ts';
import { applyNotificationPreferencesToEach } from './recipients.ts';

/*
 * How notifications are written: only the Change's commit (change/change.ts) uses this file, so
 * a service of this module can make its own writes on a Change without an import cycle.
 */

export type NewNotification = {
  type: NotificationType;
  content: string;
  patientId?: string | null;
  linkTo?: string | null;
  fromUserId?: string | null;
  fromRole?: Role | null;
  /** For a notification about a document: it is then shown only while the document is. */
  documentId?: string | null;
};

/** Rows per insert: far below PostgreSQL's 65,535 parameters at 8 a row. */
const INSERT_ROWS = 1_000;

/** A notification and the users it goes to, once their preferences have been applied. */
export type DecidedNotification = {
  recipientIds: readonly string[];
  notification: NewNotification;
};

/** Which of each item's recipients allow its type, in one statement for the batch. */
export async function decideNotifications(
  db: Db,
  batch: ReadonlyArray<{ recipientIds: readonly string[]; notification: NewNotification }>,
): Promise<DecidedNotification[]> {
  const allowed = await applyNotificationPreferencesToEach(
    db,
    batch.map(({ recipientIds, notification }) => ({
      userIds: recipientIds,
      type: notification.type,
    })),
  );
  return batch.map(({ notification }, index) => ({
    recipientIds: allowed[index] ?? [],
    notification,
  }));
}

/**
 * Writes decided notifications (a few statements for the whole batch) and returns the live
 * event of each item that reaches anyone, for the caller to publish last.
 */
export async function insertNotifications(
  db: Db,
  batch: readonly DecidedNotification[],
): Promise<LiveEvent[]> {
  const rows = batch.flatMap(({ recipientIds, notification }) =>
    recipientIds.map((recipientUserId) => ({
      recipientUserId,
      type: notification.type,
      content: notification.content,
      patientId: notification.patientId ?? null,
      linkTo: notification.linkTo ?? null,
      fromUserId: notification.fromUserId ?? null,
      fromRole: notification.fromRole ?? null,
      documentId: notification.documentId ?? null,
    })),
  );
  for (let first = 0; first < rows.length; first += INSERT_ROWS)
    await db.insert(notifications).values(rows.slice(first, first + INSERT_ROWS));
  return batch.flatMap((item) => notificationEvent(item) ?? []);
}

/** One event for all of an item's recipients: a large audience is one row and one NOTIFY. */
function notificationEvent({ recipientIds, notification }: DecidedNotification): LiveEvent | null {
  if (recipientIds.length === 0) return null;
  return {
    topic: 'notification.created',
    recipientUserIds: recipientIds,
    payload: { type: notification.type },
  };
}
