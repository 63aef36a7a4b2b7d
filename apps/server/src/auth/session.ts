import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { isRole } from '@casebridge/domain/roles';
import { MESSAGES } from '@casebridge/domain/errors';
import type { Db } from '#src/db/client.ts';
import { organizations, sessions, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { Auth } from './auth.ts';

/** Activity is written at most this often, so a busy page does not write on every request. */
const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

export type SessionCheck = { actor: Actor; idleTimeoutMinutes: number };

/**
 * Resolves the request's session into an Actor, enforcing the idle timeout from settings and
 * the account's active flag. Returns null when there is no session at all.
 */
export async function resolveActor(
  db: Db,
  auth: Auth,
  headers: Headers,
  idleTimeoutMinutes: number,
): Promise<Actor | null> {
  const found = await auth.api.getSession({
    headers,
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!found) return null;

  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastActiveAt: sessions.lastActiveAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      active: users.active,
      approved: users.approved,
      createdAt: users.createdAt,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationKind: organizations.kind,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(sessions.id, found.session.id));
  if (!row) return null;

  const idleMs = Date.now() - row.lastActiveAt.getTime();
  if (idleMs > idleTimeoutMinutes * 60_000) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    throw new AppError('SESSION_EXPIRED', MESSAGES.sessionExpired);
  }
  if (!row.active || !row.approved) {
    await db.delete(sessions).where(eq(sessions.userId, row.userId));
    throw new AppError(
      'SESSION_EXPIRED',
      row.active ? MESSAGES.accountPendingApproval : MESSAGES.accountInactive,
    );
  }
  if (!isRole(row.role)) throw new AppError('FORBIDDEN', MESSAGES.profileMissingRole);

  if (idleMs > ACTIVITY_WRITE_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastActiveAt: new Date() })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastActiveAt, sql`now()`)));
  }

  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    organizationKind: row.organizationKind,
    sessionId: row.sessionId,
    createdAt: row.createdAt,
  };
}

/** Ends every session of a user at once (deactivation, password change). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Which of these sessions may still receive data, without counting as activity: they exist,
 * have not expired or sat idle past the timeout, and their user is active and approved. With
 * each live session's current role and organisation; one statement for all, since the live-event
 * hub checks every open stream at once (streams make no requests that would check them).
 */
export async function listLiveSessions(
  db: Db,
  sessionIds: readonly string[],
  idleTimeoutMinutes: number,
): Promise<Map<string, { role: string; organizationId: string | null }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sessions.id, role: users.role, organizationId: users.organizationId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastActiveAt, sql`now() - ${`${idleTimeoutMinutes} minutes`}::interval`),
        eq(users.active, true),
        eq(users.approved, true),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
