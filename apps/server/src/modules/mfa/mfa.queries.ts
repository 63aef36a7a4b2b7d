import { and, count, eq, gt, isNotNull, isNull, min } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  recoveryCodes,
  secondFactorFailures,
  sessions,
  totpFactors,
  users,
} from '#src/db/schema/index.ts';

export type TotpFactorRow = typeof totpFactors.$inferSelect;

/** The user's factor; `forUpdate` makes concurrent checks of one user's codes take turns. */
export async function findTotpFactor(
  db: Db,
  userId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<TotpFactorRow | null> {
  const query = db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row ?? null;
}

export async function findUserEmail(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function hasConfirmedTotpFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

/** A new, unconfirmed secret for the user (a previous unconfirmed one is replaced). */
export async function savePendingTotpFactor(db: Db, userId: string, secretCiphertext: string) {
  await db
    .insert(totpFactors)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretCiphertext, confirmedAt: null, lastUsedStep: null, updatedAt: new Date() },
    });
}

/** Records the time step of an accepted code (confirming the factor the first time). */
export async function recordTotpStep(db: Db, userId: string, step: number, confirm: boolean) {
  await db
    .update(totpFactors)
    .set({
      lastUsedStep: step,
      updatedAt: new Date(),
      ...(confirm ? { confirmedAt: new Date() } : {}),
    })
    .where(eq(totpFactors.userId, userId));
}

export async function deleteSecondFactor(db: Db, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

/** The user's recovery codes become these (hashes); the earlier ones stop working. */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused code used, in one statement: two requests with one code cannot both win. */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.value ?? 0;
}

/** The user's failed attempts since `since`, and when the oldest of them was made. */
export async function countSecondFactorFailures(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select({ failures: count(), oldest: min(secondFactorFailures.createdAt) })
    .from(secondFactorFailures)
    .where(and(eq(secondFactorFailures.userId, userId), gt(secondFactorFailures.createdAt, since)));
  return { failures: row?.failures ?? 0, oldest: row?.oldest ?? null };
}

export async function insertSecondFactorFailure(db: Db, userId: string, ip: string) {
  await db.insert(secondFactorFailures).values({ userId, ip });
}

export async function clearSecondFactorFailures(db: Db, userId: string) {
  await db.delete(secondFactorFailures).where(eq(secondFactorFailures.userId, userId));
}

/**
 * Ends the user's sessions still waiting for a code: with the factor gone they could never give
 * it, and must not open the app on the password alone.
 */
export async function deletePendingSessions(db: Db, userId: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.secondFactorPending, true)));
}

/** The session has given its second factor: it opens the app from now on. */
export async function markSessionVerified(db: Db, sessionId: string) {
  await db.update(sessions).set({ secondFactorPending: false }).where(eq(sessions.id, sessionId));
}
