import { describeUserAgent } from '@casebridge/domain/sessions/user-agent';
import type { TAccountSession, TEndedSessions } from '@casebridge/domain/sessions/session.schemas';
import { SESSION_MESSAGES } from '@casebridge/domain/sessions/session.schemas';
import type { Db } from '#src/db/client.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import {
  deleteSessionOf,
  deleteSessionsOf,
  getUserForSessions,
  listUserSessions,
} from './sessions.queries.ts';

const sessionCount = (count: number) => `${count} session${count === 1 ? '' : 's'}`;

/**
 * Tells every instance that sessions of these users ended: the live-event hub re-checks its open
 * streams when it reads the event, so a stream of an ended session closes within a second, not
 * at the next heartbeat.
 */
export function publishSessionsEnded(change: Change, userId: string): void {
  change.publish({ topic: 'sessions.ended', recipientUserIds: [userId] });
}

/**
 * Deletes every session of the user but `keepSessionId` (all when null) in the caller's
 * transaction (a password change or reset); the caller audits and calls publishSessionsEnded.
 */
export async function deleteSessionsExcept(
  tx: Db,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  return (await deleteSessionsOf(tx, userId, keepSessionId)).length;
}

/** The actor's own sessions, newest activity first, the one making the request marked. */
export async function listOwnSessions(db: Db, actor: Actor): Promise<TAccountSession[]> {
  const settings = await getSettings(db);
  const rows = await listUserSessions(db, actor.userId, settings.sessionTimeoutMinutes);
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastActiveAt.toISOString(),
    isCurrent: row.id === actor.sessionId,
  }));
}

/** Ends one of the actor's sessions; another user's id, like a missing one, is 404. */
export async function endOwnSession(
  db: Db,
  actor: Actor,
  sessionId: string,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const [ended] = await deleteSessionOf(tx, actor.userId, sessionId);
    if (!ended) throw notFound();
    change.audit({
      action: 'session_ended',
      details: `${describeUserAgent(ended.userAgent)}${ended.id === actor.sessionId ? ' (this device)' : ''}`,
    });
    publishSessionsEnded(change, actor.userId);
  });
}

/** 'Sign out everywhere else': every session of the actor but the one making the request. */
export async function endOtherSessions(
  db: Db,
  actor: Actor,
  context: RequestContext,
): Promise<TEndedSessions> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const ended = await deleteSessionsOf(tx, actor.userId, actor.sessionId);
    change.audit({
      action: 'other_sessions_ended',
      details: `${sessionCount(ended.length)} ended, this one kept`,
    });
    if (ended.length > 0) publishSessionsEnded(change, actor.userId);
    return { ended: ended.length };
  });
}

/** An admin ends every session of a user (not their own: the Security page does that). */
export async function endUserSessions(
  db: Db,
  actor: Actor,
  userId: string,
  context: RequestContext,
): Promise<TEndedSessions> {
  if (userId === actor.userId)
    throw new AppError('VALIDATION_FAILED', SESSION_MESSAGES.cannotEndOwnAsAdmin);
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const user = await getUserForSessions(tx, userId);
    if (!user) throw notFound();
    const ended = await deleteSessionsOf(tx, userId, null);
    change.audit({
      action: 'user_sessions_ended',
      details: `${user.email}: ${sessionCount(ended.length)} ended`,
    });
    if (ended.length > 0) publishSessionsEnded(change, userId);
    return { ended: ended.length };
  });
}

/**
 * Sign-out: the session is gone (better-auth deleted it; deleted here too, should that have
 * failed), audited, and the user's streams on that session are closed at once.
 */
export async function recordSignOut(db: Db, actor: Actor, context: RequestContext): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    await deleteSessionOf(tx, actor.userId, actor.sessionId);
    change.audit({ action: 'logout' });
    publishSessionsEnded(change, actor.userId);
  });
}
