import type {
  TNotificationPage,
  TNotificationPreferences,
} from '@casebridge/domain/notifications/notification.schemas';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { requestNotificationEmail } from './notification-email.service.ts';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
  type StoredPreferences,
} from './notification-preferences.queries.ts';
import {
  countUnreadForBadge,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.queries.ts';

/**
 * A page of the actor's notifications. Items name patients (and their text may too): a page that
 * names any is audited as one read naming those patients; a page about none is not PHI.
 */
export async function listOwnNotifications(
  db: Db,
  actor: Actor,
  query: { cursor?: string | undefined; limit: number },
  context: { ip: string },
): Promise<TNotificationPage> {
  const [page, unreadCount] = await Promise.all([
    listNotifications(db, actor, query),
    countUnreadForBadge(db, actor),
  ]);
  const patientIds = [...new Set(page.items.flatMap((item) => item.patientId ?? []))];
  if (patientIds.length > 0) {
    await auditPatientRead(db, actor, {
      action: 'notifications_listed',
      listed: { label: 'patients', ids: patientIds },
      details: `notifications: ${page.items.map((item) => item.id).join(',')}`,
      ip: context.ip,
    });
  }
  const last = page.items.at(-1);
  return {
    items: page.items,
    nextCursor: page.hasMore && last ? last.id : null,
    unreadCount,
  };
}

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
