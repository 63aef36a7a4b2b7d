import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { isRole } from '@casebridge/domain/roles';
import { MESSAGES } from '@casebridge/domain/errors';
import type { SecondFactorState } from '@casebridge/domain/mfa/mfa.schemas';
import type { Db } from '#src/db/client.ts';
import {
  accessGrants,
  organizations,
  sessions,
  settings,
  totpFactors,
  users,
} from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { SecondFactorStep } from '#src/lib/route-access.ts';
import { SESSION_COOKIE_PREFIX, type Auth } from './auth.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';

/** Activity is written at most this often, so a busy page does not write on every request. */
const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

export type SessionCheck = { actor: Actor; idleTimeoutMinutes: number };

// The second factor's standing of a session, from its row, the user's factor and 'Require MFA'
// (joined by every query below): one definition for requests and for live streams alike. A
// pending session stays pending even if the factor goes: turning it off or an admin's reset
// deletes such sessions, so a password alone never opens one.
const hasTotpFactor = sql<boolean>`(${totpFactors.confirmedAt} is not null)`;
const isMfaRequired = sql<boolean>`coalesce(${users.role} = any(${settings.requireMfaRoles}), false)`;
const isSecondFactorComplete = sql<boolean>`not (${sessions.secondFactorPending} or (${isMfaRequired} and not ${hasTotpFactor}))`;

// The latest expiry of the user's active emergency access grants (migration 0015's trigger drops
// a cached check when one is given or revoked). Exported for the benchmark's floor, which
// builds the same actor without a session.
export const grantsActiveUntil = sql<
  string | Date | null
>`(select max(${accessGrants.expiresAt}) from ${accessGrants} where ${accessGrants.userId} = ${users.id} and ${accessGrants.revokedAt} is null and ${accessGrants.expiresAt} > now())`;

function toSecondFactorState(row: {
  secondFactorPending: boolean;
  hasTotpFactor: boolean;
  isMfaRequired: boolean;
}): SecondFactorState {
  if (row.secondFactorPending) return 'pending';
  if (row.isMfaRequired && !row.hasTotpFactor) return 'enrolment-required';
  return 'complete';
}

export type ResolveActorOptions = {
  /**
   * The sign-in step the caller serves (the route's `secondFactorStep`); `any` for the routes
   * that report or end a session whatever its state (/api/auth/session, /api/auth/logout).
   * Without it, a session that has not given its second factor, or must first enrol, is refused.
   */
  secondFactorStep?: SecondFactorStep | 'any';
  /** This instance's memory of recent checks (session-cache.ts); without it, every call reads. */
  cache?: SessionCache;
};

/** What a check of the session found in the database. */
type SessionState = Omit<CachedSession, 'checkedAt'>;

/**
 * Resolves the request's session into an Actor, enforcing the idle timeout from settings, the
 * account's active flag and the second factor ('Require MFA', a pending code). Returns null when
 * there is no session at all. With a cache, a check made in the last few seconds stands in for
 * the database (its triggers drop it at once when anything it found changes).
 */
export async function resolveActor(
  db: Db,
  auth: Auth,
  headers: Headers,
  idleTimeoutMinutes: number,
  { secondFactorStep, cache }: ResolveActorOptions = {},
): Promise<Actor | null> {
  const key = cache ? sessionCacheKey(headers) : null;
  const cached = key && cache ? cache.getSession(key) : null;
  const now = Date.now();
  let state: SessionState | null =
    cached && cached.expiresAt.getTime() > now && !isIdle(cached, idleTimeoutMinutes, now)
      ? cached
      : null;
  if (!state) {
    const generation = cache?.generation() ?? 0;
    state = await readSession(db, auth, headers, idleTimeoutMinutes);
    if (!state) return null;
    if (key && cache) cache.setSession(key, state, generation, now);
  }
  const { actor } = state;
  if (
    actor.secondFactor === 'pending' &&
    secondFactorStep !== 'verify' &&
    secondFactorStep !== 'any'
  )
    throw new AppError('SECOND_FACTOR_REQUIRED', MESSAGES.secondFactorRequired);
  if (
    actor.secondFactor === 'enrolment-required' &&
    secondFactorStep !== 'enrol' &&
    secondFactorStep !== 'any'
  )
    throw new AppError('MFA_ENROLMENT_REQUIRED', MESSAGES.mfaEnrolmentRequired);

  if (now - state.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    const lastActiveAt = new Date(now);
    await db
      .update(sessions)
      .set({ lastActiveAt })
      .where(and(eq(sessions.id, actor.sessionId), lt(sessions.lastActiveAt, sql`now()`)));
    if (key && cache) cache.touchSession(key, lastActiveAt);
  }
  return actor;
}

function isIdle(state: { lastActiveAt: Date }, idleTimeoutMinutes: number, now: number): boolean {
  return now - state.lastActiveAt.getTime() > idleTimeoutMinutes * 60_000;
}

/**
 * The session cookie's values, exactly as better-auth reads them (the plain and the __Secure-
 * name), so an entry is only ever found by the cookies that were checked for it.
 */
export function sessionCacheKey(headers: Headers): string | null {
  const header = headers.get('cookie');
  if (!header) return null;
  const name = `${SESSION_COOKIE_PREFIX}.session_token`;
  const values = new Map<string, string>();
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    const cookieName = part.slice(0, eqAt).trim();
    if (cookieName === name || cookieName === `__Secure-${name}`)
      values.set(cookieName, part.slice(eqAt + 1).trim());
  }
  if (values.size === 0) return null;
  return `${values.get(`__Secure-${name}`) ?? ''}|${values.get(name) ?? ''}`;
}

/** The full check against the database: better-auth's session, the user, the second factor. */
async function readSession(
  db: Db,
  auth: Auth,
  headers: Headers,
  idleTimeoutMinutes: number,
): Promise<SessionState | null> {
  const found = await auth.api.getSession({
    headers,
    query: { disableCookieCache: true, disableRefresh: true },
  });
  if (!found) return null;

  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
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
      secondFactorPending: sessions.secondFactorPending,
      hasTotpFactor,
      isMfaRequired,
      grantsActiveUntil,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .leftJoin(settings, eq(settings.id, true))
    .where(eq(sessions.id, found.session.id));
  if (!row) return null;

  if (isIdle(row, idleTimeoutMinutes, Date.now())) {
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
  return {
    actor: {
      userId: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      organizationId: row.organizationId,
      organizationName: row.organizationName,
      organizationKind: row.organizationKind,
      sessionId: row.sessionId,
      createdAt: row.createdAt,
      secondFactor: toSecondFactorState(row),
      grantsActiveUntil: row.grantsActiveUntil === null ? null : new Date(row.grantsActiveUntil),
    },
    expiresAt: row.expiresAt,
    lastActiveAt: row.lastActiveAt,
  };
}

/** Ends every session of a user at once (deactivation, password change). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Which of these sessions may still receive data, without counting as activity: they exist,
 * have not expired or sat idle past the timeout, their user is active and approved, and they
 * have given their second factor (or need none). With
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
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .leftJoin(settings, eq(settings.id, true))
    .where(
      and(
        inArray(sessions.id, [...sessionIds]),
        isSecondFactorComplete,
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastActiveAt, sql`now() - ${`${idleTimeoutMinutes} minutes`}::interval`),
        eq(users.active, true),
        eq(users.approved, true),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
