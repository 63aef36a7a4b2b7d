import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  PASSWORD_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  type TChangePasswordRequest,
  type TPasswordResetLinkRequest,
  type TResetPasswordRequest,
} from '@casebridge/domain/auth/password.schemas';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import type { Db } from '#src/db/client.ts';
import { assertPasswordAllowed } from '#src/auth/password-policy.ts';
import { isCurrentPassword, setCredentialPassword } from '#src/auth/passwords.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound, validationFailed } from '#src/lib/app-error.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import {
  deleteSessionsExcept,
  publishSessionsEnded,
} from '#src/modules/sessions/sessions.service.ts';
import {
  renderPasswordChangedMail,
  renderPasswordResetMail,
  type ResetRequester,
} from './password-reset-mail.ts';
import {
  claimPasswordReset,
  countRecentResets,
  findPasswordReset,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  PASSWORD_CHANGED_MAIL_KIND,
  PASSWORD_RESET_MAIL_KIND,
} from './passwords.queries.ts';

type ResetUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

/** A user asking again and again is mailed at most this many links per link lifetime. */
export const MAX_RESET_LINKS_PER_WINDOW = 5;

/**
 * A reset request answers no sooner than this, whether or not it queued a mail, so that the time
 * taken does not tell whether an address has an account.
 */
export const RESET_REQUEST_MIN_MS = 400;

/** Only the SHA-256 of a token is stored: a database leak gives no usable link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const asAuditActor = (user: ResetUser) => ({ userId: user.id, name: user.name, role: user.role });

const sessionCount = (count: number) => `${count} other session${count === 1 ? '' : 's'}`;

/**
 * Security page, 'Change password': the current password must be right; the new one follows the
 * policy. Every other session of the user ends, with its live streams; this one stays.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: TChangePasswordRequest,
  context: RequestContext,
): Promise<void> {
  if (!(await isCurrentPassword(db, actor.userId, input.currentPassword)))
    throw validationFailed(PASSWORD_MESSAGES.currentWrong);
  if (input.newPassword === input.currentPassword)
    throw validationFailed(PASSWORD_MESSAGES.sameAsCurrent);
  assertPasswordAllowed(input.newPassword, actor.email);
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    await setCredentialPassword(tx, actor.userId, input.newPassword);
    const ended = await deleteSessionsExcept(tx, actor.userId, actor.sessionId);
    queueChangedNotice(
      change,
      { id: actor.userId, name: actor.name, email: actor.email },
      { how: 'changed', ip: context.ip },
    );
    change.audit({ action: 'password_changed', details: `${sessionCount(ended)} ended` });
    if (ended > 0) publishSessionsEnded(change, actor.userId);
  });
}

/** Tells the owner their password changed, at the address they sign in with. */
function queueChangedNotice(
  change: Change,
  user: { id: string; name: string; email: string },
  how: { how: 'changed' | 'reset'; ip: string },
): void {
  change.mail({
    kind: PASSWORD_CHANGED_MAIL_KIND,
    to: user.email,
    subjectId: user.id,
    ...renderPasswordChangedMail(user, { ...how, at: new Date() }),
  });
}

/** A single-use link valid for PASSWORD_RESET_TTL_MINUTES, queued as an e-mail to the user. */
async function queueResetLink(
  change: Change,
  user: ResetUser,
  requester: ResetRequester,
  context: { appUrl: string; requestedBy: string | null },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(change.tx, {
    userId: user.id,
    tokenHash: hashResetToken(token),
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
    requestedBy: context.requestedBy,
  });
  const link = `${context.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  change.mail({
    kind: PASSWORD_RESET_MAIL_KIND,
    to: user.email,
    subjectId: user.id,
    ...renderPasswordResetMail(user, requester, link),
  });
}

/**
 * 'Forgot password?': for an active account, a link is mailed (at most
 * MAX_RESET_LINKS_PER_WINDOW per window); for any other address nothing is. The caller answers the
 * same either way, and not before RESET_REQUEST_MIN_MS. Earlier links keep working until used or
 * expired: a second request must not break the link the user is about to open.
 */
export async function requestPasswordReset(
  db: Db,
  input: TPasswordResetLinkRequest,
  context: RequestContext,
): Promise<void> {
  const answerAt = Date.now() + RESET_REQUEST_MIN_MS;
  await inChange(db, { actor: null, context }, async (change) => {
    const { tx } = change;
    const user = await findUserByEmail(tx, input.email);
    const isEligible = Boolean(user?.active && user.approved);
    const isFlooded =
      user !== null &&
      isEligible &&
      (await countRecentResets(tx, user.id, new Date(Date.now() - RESET_TTL_MS))) >=
        MAX_RESET_LINKS_PER_WINDOW;
    if (user && isEligible && !isFlooded)
      await queueResetLink(
        change,
        user,
        { kind: 'self', ip: context.ip },
        {
          appUrl: context.appUrl,
          requestedBy: null,
        },
      );
    change.audit({
      action: 'password_reset_requested',
      actor: user && isEligible ? asAuditActor(user) : null,
      details: !user
        ? `No account for ${input.email}: nothing sent`
        : !isEligible
          ? `${input.email} is deactivated or awaiting approval: nothing sent`
          : isFlooded
            ? `${input.email}: ${MAX_RESET_LINKS_PER_WINDOW} links already sent recently, nothing sent`
            : `Reset link e-mailed to ${input.email}`,
    });
  });
  await sleep(Math.max(0, answerAt - Date.now()));
}

/** An administrator sends the user a reset link; they never see or choose the password. */
export async function sendPasswordResetLink(
  db: Db,
  actor: Actor,
  userId: string,
  context: RequestContext,
): Promise<string> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const user = await findUserById(tx, userId);
    if (!user) throw notFound();
    if (!user.active) throw validationFailed(USER_MESSAGES.inactiveUser);
    await queueResetLink(
      change,
      user,
      { kind: 'admin', name: actor.name },
      {
        appUrl: context.appUrl,
        requestedBy: actor.userId,
      },
    );
    change.audit({
      action: 'password_reset_link_sent',
      details: `Reset link e-mailed to ${user.email}`,
    });
    return user.email;
  });
}

const invalidLink = () => new AppError('NOT_FOUND', PASSWORD_MESSAGES.resetLinkInvalid);

/**
 * The reset page: the link is claimed atomically (of two simultaneous uses exactly one wins), the
 * password set, and every session of the user ended with its live streams. A password the policy
 * refuses leaves the link usable.
 */
export async function resetPassword(
  db: Db,
  input: TResetPasswordRequest,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor: null, context }, async (change) => {
    const { tx } = change;
    const reset = await findPasswordReset(tx, hashResetToken(input.token));
    if (!reset || reset.usedAt || !reset.user.active || reset.expiresAt.getTime() <= Date.now())
      throw invalidLink();
    assertPasswordAllowed(input.password, reset.user.email);
    if (!(await claimPasswordReset(tx, reset.id))) throw invalidLink();
    await setCredentialPassword(tx, reset.user.id, input.password);
    const ended = await deleteSessionsExcept(tx, reset.user.id, null);
    queueChangedNotice(change, reset.user, { how: 'reset', ip: context.ip });
    change.audit({
      action: 'password_reset',
      actor: asAuditActor(reset.user),
      details: `${reset.user.email} reset their password with an e-mailed link; ${ended} session${ended === 1 ? '' : 's'} ended`,
    });
    publishSessionsEnded(change, reset.user.id);
  });
}
