import { and, eq, sql } from 'drizzle-orm';
import type { DigestFrequency } from '@casebridge/domain/constants';
import type { Role } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { notificationPreferences, notifications, users } from '#src/db/schema/index.ts';

/** SQL for how long a user's digest period is; no preferences row means the default, Daily. */
const periodOf = sql`case when coalesce(${notificationPreferences.digestFrequency}, 'Daily') = 'Weekly' then interval '7 days' else interval '1 day' end`;

/**
 * Users whose digest is due at `now`: active, digest not 'None', the period since the last
 * digest elapsed, and at least one unread notification newer than the last digest.
 */
export async function listDigestCandidates(db: Db, now: Date): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(users.active, true),
        eq(users.approved, true),
        eq(users.kind, 'person'),
        sql`coalesce(${notificationPreferences.digestFrequency}, 'Daily') <> 'None'`,
        sql`(${notificationPreferences.lastDigestAt} is null or ${notificationPreferences.lastDigestAt} <= ${at} - ${periodOf})`,
        sql`exists (select 1 from ${notifications} n where n.recipient_user_id = ${users.id} and n.is_read = false and n.created_at > coalesce(${notificationPreferences.lastDigestAt}, ${at} - ${periodOf}))`,
      ),
    );
  return rows.map((row) => row.id);
}

export type DigestRecipient = {
  userId: string;
  role: Role;
  organizationId: string | null;
  frequency: DigestFrequency;
  lastDigestAt: Date | null;
};

/**
 * Locks the user's preferences row (created with the defaults when missing) for the rest of the
 * transaction, so two server instances never send the same digest twice.
 */
export async function lockDigestRecipient(db: Db, userId: string): Promise<DigestRecipient | null> {
  await db.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
  const [preferences] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .for('update');
  const [user] = await db
    .select({ role: users.role, organizationId: users.organizationId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true), eq(users.kind, 'person')));
  if (!preferences || !user) return null;
  return {
    userId,
    role: user.role,
    organizationId: user.organizationId,
    frequency: preferences.digestFrequency,
    lastDigestAt: preferences.lastDigestAt,
  };
}

export async function setLastDigestAt(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(notificationPreferences)
    .set({ lastDigestAt: at })
    .where(eq(notificationPreferences.userId, userId));
}
