import { eq } from 'drizzle-orm';
import {
  getDefaultPreferences,
  type TNotificationPreferences,
} from '@casebridge/domain/notifications/notification.schemas';
import type { Db } from '#src/db/client.ts';
import { notificationPreferences } from '#src/db/schema/index.ts';

/** The user's preferences; a user who never saved any has the defaults of spec section 3. */
export async function getNotificationPreferences(
  db: Db,
  user: { userId: string; email: string },
): Promise<TNotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.userId));
  if (!row) return getDefaultPreferences(user.email);
  return {
    notificationEmail: row.notificationEmail ?? user.email,
    digestFrequency: row.digestFrequency,
    notifyOnStatusChange: row.notifyOnStatusChange,
    notifyOnDocumentUpload: row.notifyOnDocumentUpload,
    notifyOnMessageReceived: row.notifyOnMessageReceived,
  };
}

/**
 * Stores the preferences. An address equal to the account e-mail is stored as "none", so the
 * notifications keep following the account e-mail if it ever changes.
 */
export async function saveNotificationPreferences(
  db: Db,
  user: { userId: string; email: string },
  values: TNotificationPreferences,
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
    updatedAt: new Date(),
  };
  await db
    .insert(notificationPreferences)
    .values({ userId: user.userId, ...row })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: row });
}
