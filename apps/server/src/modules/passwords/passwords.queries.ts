import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { passwordResets, users } from '#src/db/schema/index.ts';

/** The outbox kind of password reset e-mails. */
export const PASSWORD_RESET_MAIL_KIND = 'password_reset';
/** The outbox kind of the notice that a password was changed or reset. */
export const PASSWORD_CHANGED_MAIL_KIND = 'password_changed';

const resetUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  active: users.active,
  approved: users.approved,
};

/** Only people have passwords: an API token's service account can never get a reset link. */
const isPerson = eq(users.kind, 'person');

/** The user a reset link may be sent to, by address (already trimmed and lowercased). */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(resetUserColumns)
    .from(users)
    .where(and(isPerson, eq(users.email, email)));
  return row ?? null;
}

export async function findUserById(db: Db, userId: string) {
  const [row] = await db
    .select(resetUserColumns)
    .from(users)
    .where(and(isPerson, eq(users.id, userId)));
  return row ?? null;
}

/** A new link, valid for `ttlMinutes` by the database clock (the one that claims it). */
export async function insertPasswordReset(
  db: Db,
  input: { userId: string; tokenHash: string; ttlMinutes: number; requestedBy: string | null },
): Promise<void> {
  const { ttlMinutes, ...values } = input;
  await db
    .insert(passwordResets)
    .values({ ...values, expiresAt: sql`now() + ${ttlMinutes} * interval '1 minute'` });
}

/** How many links the user was sent since `since`, so a flood of requests mails them a few. */
export async function countRecentResets(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row?.value ?? 0;
}

/** The reset behind a token hash with its user, whatever its state. */
export async function findPasswordReset(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
      user: resetUserColumns,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Marks the link used if, and only if, it is still unused and unexpired. The condition is in the
 * UPDATE itself: of two simultaneous uses the second waits for the first's row lock, then finds
 * the link used and changes nothing.
 */
export async function claimPasswordReset(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.id, id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}
