import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { sessions, users } from '#src/db/schema/index.ts';

const liveAfterIdle = (idleTimeoutMinutes: number) =>
  and(
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastActiveAt, sql`now() - ${`${idleTimeoutMinutes} minutes`}::interval`),
  );

/** The user's sessions that still open the app (not expired, not idle past the timeout). */
export function listUserSessions(db: Db, userId: string, idleTimeoutMinutes: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveAfterIdle(idleTimeoutMinutes)))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

/** Deletes one session of this user; someone else's id deletes nothing. */
export function deleteSessionOf(db: Db, userId: string, sessionId: string) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id, userAgent: sessions.userAgent });
}

/** Deletes every session of the user but `keepSessionId` (none kept when it is null). */
export function deleteSessionsOf(db: Db, userId: string, keepSessionId: string | null) {
  return db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
}

export async function getUserForSessions(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
