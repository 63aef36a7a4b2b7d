import { eq } from 'drizzle-orm';
import {
  getDefaultPreferences,
  type TNotificationPreferences,
} from '@casebridge/domain/notifications/notification.schemas';
import type { Db } from '#src/db/client.ts';
import { notificationPreferences } from '#src/db/schema/index.ts';
import { findPendingNotificationEmail } from './notification-email.queries.ts';

/** The preferences a user saves; an address change waits in `notification_email_confirmations`. */
/** What a save stores: the three-party workflow's toggles may be left out by a client that predates them. */
export type StoredPreferences = Omit<
  TNotificationPreferences,
  | 'pendingNotificationEmail'
  | 'notifyOnCaseRequests'
  | 'notifyOnTreatmentGaps'
  | 'notifyOnLienActivity'
  | 'notifyOnVisits'
> &
  Partial<
    Pick<
      TNotificationPreferences,
      'notifyOnCaseRequests' | 'notifyOnTreatmentGaps' | 'notifyOnLienActivity' | 'notifyOnVisits'
    >
  >;

/**
 * The user's preferences; a user who never saved any has the defaults of spec section 3. The
 * address is the confirmed one (stored addresses are all confirmed), with any change that waits.
 */
export async function getNotificationPreferences(
  db: Db,
  user: { userId: string; email: string },
): Promise<TNotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.userId));
  const pendingNotificationEmail = await findPendingNotificationEmail(db, user.userId);
  if (!row) return { ...getDefaultPreferences(user.email), pendingNotificationEmail };
  return {
    notificationEmail: row.notificationEmail ?? user.email,
    digestFrequency: row.digestFrequency,
    notifyOnStatusChange: row.notifyOnStatusChange,
    notifyOnDocumentUpload: row.notifyOnDocumentUpload,
    notifyOnMessageReceived: row.notifyOnMessageReceived,
    notifyOnCaseRequests: row.notifyOnCaseRequests,
    notifyOnTreatmentGaps: row.notifyOnTreatmentGaps,
    notifyOnLienActivity: row.notifyOnLienActivity,
    notifyOnVisits: row.notifyOnVisits,
    pendingNotificationEmail,
  };
}

/**
 * Stores the preferences. The address must be a confirmed one (notification-email.service.ts
 * decides). An address equal to the account e-mail is stored as "none", so the notifications keep
 * following the account e-mail if it ever changes.
 */
export async function saveNotificationPreferences(
  db: Db,
  user: { userId: string; email: string },
  values: StoredPreferences,
): Promise<void> {
  const notificationEmail =
    values.notificationEmail.toLowerCase() === user.email.toLowerCase()
      ? null
      : values.notificationEmail;
  const row = {
    notificationEmail,
    digestFrequency: values.digestFrequency,
    notifyOnStatusChange: values.notifyOnStatusChange,
    notifyOnDocumentUpload: values.notifyOnDocumentUpload,
    notifyOnMessageReceived: values.notifyOnMessageReceived,
    // Left out (undefined) by a client that predates them: the insert takes the default and the
    // update keeps the stored value.
    notifyOnCaseRequests: values.notifyOnCaseRequests,
    notifyOnTreatmentGaps: values.notifyOnTreatmentGaps,
    notifyOnLienActivity: values.notifyOnLienActivity,
    notifyOnVisits: values.notifyOnVisits,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationPreferences)
    .values({ userId: user.userId, ...row })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: row });
}
