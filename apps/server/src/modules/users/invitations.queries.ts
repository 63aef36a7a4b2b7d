import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { userInvitations, users } from '#src/db/schema/index.ts';

export async function insertInvitation(
  db: Db,
  input: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userInvitations).values(input);
}

/** The invitation behind a token hash with its user, whatever its state. */
export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: userInvitations.id,
      userId: userInvitations.userId,
      expiresAt: userInvitations.expiresAt,
      usedAt: userInvitations.usedAt,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
    })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .where(eq(userInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Marks the invitation used if, and only if, it is still unused and unexpired. The condition is
 * in the UPDATE itself, so two simultaneous accepts cannot both succeed.
 */
export async function claimInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(userInvitations)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userInvitations.id, id),
        isNull(userInvitations.usedAt),
        gt(userInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: userInvitations.id });
  return rows.length > 0;
}

/** A new link replaces the old ones: every other unused invitation of the user stops working. */
export async function revokeOpenInvitations(db: Db, userId: string): Promise<void> {
  await db
    .update(userInvitations)
    .set({ usedAt: new Date() })
    .where(and(eq(userInvitations.userId, userId), isNull(userInvitations.usedAt)));
}
