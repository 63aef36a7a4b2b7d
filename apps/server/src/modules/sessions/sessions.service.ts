import { describeUserAgent } from '@casebridge/domain/sessions/user-agent';
import type { TAccountSession, TEndedSessions } from '@casebridge/domain/sessions/session.schemas';
import { SESSION_MESSAGES } from '@casebridge/domain/sessions/session.schemas';
import type { Db } from '#src/db/client.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import {
  deleteSessionOf,
  deleteSessionsOf,
  getUserForSessions,
  listUserSessions,
} from './sessions.queries.ts';

type Context = { ip: string };

const sessionCount = (count: number) => `${count} session${count === 1 ? '' : 's'}`;

/**
 * Tells every instance that sessions of these users ended: the live-event hub re-checks its open
 * streams when it reads the event, so a stream of an ended session closes within a second, not
 * at the next heartbeat. Publishing is the last write of the transaction (events/outbox.ts).
 */
export function publishSessionsEnded(tx: Db, userId: string): Promise<void> {
  return publishEvent(tx, { topic: 'sessions.ended', recipientUserIds: [userId] });
}

/**
 * Deletes every session of the user but `keepSessionId` (all when null) in the caller's
 * transaction (a password change or reset); the caller audits, then calls publishSessionsEnded.
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
  context: Context,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await deleteSessionOf(tx, actor.userId, sessionId);
    if (!ended) throw notFound();
    await writeAudit(tx, {
      action: 'session_ended',
      actor,
      details: `${describeUserAgent(ended.userAgent)}${ended.id === actor.sessionId ? ' (this device)' : ''}`,
      ip: context.ip,
    });
    await publishSessionsEnded(tx, actor.userId);
  });
}

/** 'Sign out everywhere else': every session of the actor but the one making the request. */
export async function endOtherSessions(
  db: Db,
  actor: Actor,
  context: Context,
): Promise<TEndedSessions> {
  return db.transaction(async (tx) => {
    const ended = await deleteSessionsOf(tx, actor.userId, actor.sessionId);
    await writeAudit(tx, {
      action: 'other_sessions_ended',
      actor,
      details: `${sessionCount(ended.length)} ended, this one kept`,
      ip: context.ip,
    });
    if (ended.length > 0) await publishSessionsEnded(tx, actor.userId);
    return { ended: ended.length };
  });
}

/** An admin ends every session of a user (not their own: the Security page does that). */
export async function endUserSessions(
  db: Db,
  actor: Actor,
  userId: string,
  context: Context,
): Promise<TEndedSessions> {
  if (userId === actor.userId)
    throw new AppError('VALIDATION_FAILED', SESSION_MESSAGES.cannotEndOwnAsAdmin);
  return db.transaction(async (tx) => {
    const user = await getUserForSessions(tx, userId);
    if (!user) throw notFound();
    const ended = await deleteSessionsOf(tx, userId, null);
    await writeAudit(tx, {
      action: 'user_sessions_ended',
      actor,
      details: `${user.email}: ${sessionCount(ended.length)} ended`,
      ip: context.ip,
    });
    if (ended.length > 0) await publishSessionsEnded(tx, userId);
    return { ended: ended.length };
  });
}

/**
 * Sign-out: the session is gone (better-auth deleted it; deleted here too, should that have
 * failed), audited, and the user's streams on that session are closed at once.
 */
export async function recordSignOut(db: Db, actor: Actor, context: Context): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSessionOf(tx, actor.userId, actor.sessionId);
    await writeAudit(tx, { action: 'logout', actor, ip: context.ip });
    await publishSessionsEnded(tx, actor.userId);
  });
}
