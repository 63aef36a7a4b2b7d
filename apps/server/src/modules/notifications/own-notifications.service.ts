import type { TNotificationPreferences } from '@casebridge/domain/notifications/notification.schemas';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { requestNotificationEmail } from './notification-email.service.ts';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
  type StoredPreferences,
} from './notification-preferences.queries.ts';
import { markAllNotificationsRead, markNotificationRead } from './notifications.queries.ts';

/*
 * What users change about their own notifications: read marks and preferences. Kept out of
 * notifications.service.ts, which change.ts imports to write notifications: a write there could
 * not run on a Change without an import cycle.
 */

/** Marks one of the actor's notifications read; another user's answers 404 like a missing one. */
export async function markOwnNotificationRead(
  db: Db,
  actor: Actor,
  notificationId: string,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const result = await markNotificationRead(change.tx, actor, notificationId);
    if (result === 'not-found') throw notFound();
    if (result === 'marked') {
      change.publish({ topic: 'notification.read', recipientUserIds: [actor.userId] });
    }
  });
}

export async function markAllOwnNotificationsRead(
  db: Db,
  actor: Actor,
  context: RequestContext,
): Promise<number> {
  return inChange(db, { actor, context }, async (change) => {
    const marked = await markAllNotificationsRead(change.tx, actor);
    if (marked > 0) {
      change.publish({ topic: 'notification.read', recipientUserIds: [actor.userId] });
    }
    return marked;
  });
}

export function getOwnPreferences(db: Db, actor: Actor): Promise<TNotificationPreferences> {
  return getNotificationPreferences(db, actor);
}

/** Saves the preferences; a new notification address waits for its confirmation link. */
export async function updateOwnPreferences(
  db: Db,
  actor: Actor,
  values: StoredPreferences,
  context: RequestContext,
): Promise<TNotificationPreferences> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const notificationEmail = await requestNotificationEmail(
      change,
      actor,
      values.notificationEmail,
    );
    await saveNotificationPreferences(tx, actor, { ...values, notificationEmail });
    change.audit({
      action: 'notification_preferences_updated',
      details: `digest ${values.digestFrequency}`,
    });
    return getNotificationPreferences(tx, actor);
  });
}
