import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TPendingNotificationEmail } from '@casebridge/domain/notifications/notification-email.schemas';
import type { Db } from '#src/db/client.ts';
import { notificationEmailConfirmations, users } from '#src/db/schema/index.ts';

/** The newest address change of the user that nobody has confirmed yet, expired or not. */
export async function findPendingNotificationEmail(
  db: Db,
  userId: string,
): Promise<TPendingNotificationEmail | null> {
  const [row] = await db
    .select()
    .from(notificationEmailConfirmations)
    .where(
      and(
        eq(notificationEmailConfirmations.userId, userId),
        isNull(notificationEmailConfirmations.confirmedAt),
      ),
    )
    .orderBy(desc(notificationEmailConfirmations.createdAt))
    .limit(1);
  return row ? { email: row.email, expiresAt: row.expiresAt.toISOString() } : null;
}

/** Ends the user's unconfirmed links: a newer one, a cancel or a confirmation replaces them. */
export async function deleteOpenConfirmations(db: Db, userId: string): Promise<void> {
  await db
    .delete(notificationEmailConfirmations)
    .where(
      and(
        eq(notificationEmailConfirmations.userId, userId),
        isNull(notificationEmailConfirmations.confirmedAt),
      ),
    );
}

export async function insertConfirmation(
  db: Db,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(notificationEmailConfirmations).values(values);
}

/**
 * Marks the link used if it is unused and unexpired, in one statement: of two uses at once only
 * one gets the row back, so a link works once.
 */
export async function claimConfirmation(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db
    .update(notificationEmailConfirmations)
    .set({ confirmedAt: sql`now()` })
    .where(
      and(
        eq(notificationEmailConfirmations.tokenHash, tokenHash),
        isNull(notificationEmailConfirmations.confirmedAt),
        gt(notificationEmailConfirmations.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: notificationEmailConfirmations.userId,
      email: notificationEmailConfirmations.email,
    });
  return row ?? null;
}

/** Whether the token names a link that was never used but ran out of time. */
export async function isConfirmationExpired(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: notificationEmailConfirmations.confirmedAt })
    .from(notificationEmailConfirmations)
    .where(eq(notificationEmailConfirmations.tokenHash, tokenHash));
  return row !== undefined && row.confirmedAt === null;
}

/** The user a confirmed link belongs to. */
export async function findConfirmationOwner(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
