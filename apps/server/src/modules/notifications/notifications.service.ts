import type { NotificationType } from '@casebridge/domain/constants';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { publishEvent } from '../../events/outbox.ts';

export type NewNotification = {
  type: NotificationType;
  content: string;
  patientId?: string | null;
  linkTo?: string | null;
  fromUserId?: string | null;
  fromRole?: string | null;
};

/** Creates one notification per recipient and tells each recipient's open pages live. */
export async function notifyUsers(
  db: Db,
  recipientIds: readonly string[],
  notification: NewNotification,
): Promise<void> {
  const unique = [...new Set(recipientIds)];
  if (unique.length === 0) return;
  await db.insert(notifications).values(
    unique.map((recipientUserId) => ({
      recipientUserId,
      type: notification.type,
      content: notification.content,
      patientId: notification.patientId ?? null,
      linkTo: notification.linkTo ?? null,
      fromUserId: notification.fromUserId ?? null,
      fromRole: notification.fromRole ?? null,
    })),
  );
  for (const recipientUserId of unique) {
    await publishEvent(db, {
      topic: 'notification.created',
      recipientUserId,
      payload: { type: notification.type },
    });
  }
}
