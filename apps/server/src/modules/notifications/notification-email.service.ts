import { createHash, randomBytes } from 'node:crypto';
import { PRODUCT_NAME } from '@casebridge/domain/constants';
import type { Role } from '@casebridge/domain/roles';
import {
  NOTIFICATION_EMAIL_CONFIRMATION_TTL_HOURS,
  NOTIFICATION_EMAIL_TEXTS,
  type TConfirmNotificationEmailResponse,
} from '@casebridge/domain/notifications/notification-email.schemas';
import type { TNotificationPreferences } from '@casebridge/domain/notifications/notification.schemas';
import type { Db } from '#src/db/client.ts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import {
  claimConfirmation,
  deleteOpenConfirmations,
  findConfirmationOwner,
  findPendingNotificationEmail,
  insertConfirmation,
  isConfirmationExpired,
} from './notification-email.queries.ts';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from './notification-preferences.queries.ts';

/**
 * A notification address is used only once its owner has opened a link sent to it:
 * `notification_preferences.notification_email` holds confirmed addresses only, so every
 * mail that reads it (recipients.ts `listRecipientAddresses`) goes to a confirmed one. A new
 * address waits in `notification_email_confirmations`.
 */

export const NOTIFICATION_EMAIL_CONFIRMATION_MAIL_KIND = 'notification_email_confirmation';
export const NOTIFICATION_EMAIL_CHANGED_MAIL_KIND = 'notification_email_changed';

/** Only the SHA-256 of a token is stored: a database leak gives no usable link. */
export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Decides the address to store when the user saves `requested` in the preferences form, as part
 * of the caller's change. The account e-mail needs no check (it is where mail went anyway); the
 * address in use, or one already waiting for its link, changes nothing; any other address gets a
 * confirmation link and the address in use stays until it is opened.
 */
export async function requestNotificationEmail(
  change: Change,
  actor: Actor,
  requested: string,
): Promise<string> {
  const { tx } = change;
  const current = await getNotificationPreferences(tx, actor);
  if (requested === actor.email.toLowerCase()) {
    await deleteOpenConfirmations(tx, actor.userId);
    return requested;
  }
  if (requested === current.notificationEmail) return requested;
  const pending = current.pendingNotificationEmail;
  if (pending?.email === requested && Date.parse(pending.expiresAt) > Date.now()) {
    return current.notificationEmail;
  }
  await sendConfirmation(change, actor, requested);
  return current.notificationEmail;
}

/** A new link for the address waiting for confirmation; earlier links stop working. */
export async function resendNotificationEmailConfirmation(
  db: Db,
  actor: Actor,
  context: RequestContext,
): Promise<TNotificationPreferences> {
  return onPendingAddress(db, actor, context, async (change, pending) => {
    await sendConfirmation(change, actor, pending.email);
  });
}

/** Drops the waiting address; notification mail keeps going where it went. */
export async function cancelNotificationEmailChange(
  db: Db,
  actor: Actor,
  context: RequestContext,
): Promise<TNotificationPreferences> {
  return onPendingAddress(db, actor, context, async (change, pending) => {
    await deleteOpenConfirmations(change.tx, actor.userId);
    change.audit({
      action: 'notification_email_change_cancelled',
      details: `${pending.email} not confirmed`,
    });
  });
}

/**
 * Runs `work` on the address waiting for confirmation (404 when there is none) in a Change, and
 * answers the owner's preferences as they then are.
 */
function onPendingAddress(
  db: Db,
  actor: Actor,
  context: RequestContext,
  work: (
    change: Change,
    pending: NonNullable<Awaited<ReturnType<typeof findPendingNotificationEmail>>>,
  ) => Promise<void>,
): Promise<TNotificationPreferences> {
  return inChange(db, { actor, context }, async (change) => {
    const pending = await findPendingNotificationEmail(change.tx, actor.userId);
    if (!pending) throw new AppError('NOT_FOUND', NOTIFICATION_EMAIL_TEXTS.noPendingChange);
    await work(change, pending);
    return getNotificationPreferences(change.tx, actor);
  });
}

/**
 * Opens a confirmation link: public, since the token alone is what proves that whoever reads the
 * new address agreed (the change itself was asked for by the signed-in owner), and the link may
 * well be opened on another device. It works once, within its time; the old address is told.
 */
export async function confirmNotificationEmail(
  db: Db,
  token: string,
  context: RequestContext,
): Promise<TConfirmNotificationEmailResponse> {
  const tokenHash = hashConfirmationToken(token);
  return inChange(db, { actor: null, context }, async (change) => {
    const { tx } = change;
    const claimed = await claimConfirmation(tx, tokenHash);
    if (!claimed) {
      const expired = await isConfirmationExpired(tx, tokenHash);
      throw new AppError(
        'NOT_FOUND',
        expired ? NOTIFICATION_EMAIL_TEXTS.linkExpired : NOTIFICATION_EMAIL_TEXTS.linkInvalid,
      );
    }
    const owner = await findConfirmationOwner(tx, claimed.userId);
    if (!owner) throw new AppError('NOT_FOUND', NOTIFICATION_EMAIL_TEXTS.linkInvalid);
    const user = { userId: owner.id, email: owner.email };
    const current = await getNotificationPreferences(tx, user);
    await saveNotificationPreferences(tx, user, { ...current, notificationEmail: claimed.email });
    await deleteOpenConfirmations(tx, owner.id);
    if (current.notificationEmail !== claimed.email) {
      change.mail({
        kind: NOTIFICATION_EMAIL_CHANGED_MAIL_KIND,
        to: current.notificationEmail,
        subjectId: owner.id,
        ...renderChangedNotice(owner.name, claimed.email),
      });
    }
    change.audit({
      action: 'notification_email_confirmed',
      actor: { userId: owner.id, name: owner.name, role: owner.role as Role },
      details: `from ${current.notificationEmail} to ${claimed.email}`,
    });
    return { email: claimed.email };
  });
}

async function sendConfirmation(change: Change, actor: Actor, email: string) {
  const { tx } = change;
  const token = randomBytes(32).toString('base64url');
  await deleteOpenConfirmations(tx, actor.userId);
  await insertConfirmation(tx, {
    userId: actor.userId,
    email,
    tokenHash: hashConfirmationToken(token),
    expiresAt: new Date(Date.now() + NOTIFICATION_EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000),
  });
  const link = `${change.context.appUrl}/confirm-notification-email?token=${encodeURIComponent(token)}`;
  change
    .mail({
      kind: NOTIFICATION_EMAIL_CONFIRMATION_MAIL_KIND,
      to: email,
      subjectId: actor.userId,
      ...renderConfirmation(actor.name, link),
    })
    .audit({
      action: 'notification_email_change_requested',
      actor,
      details: `confirmation link sent to ${email}`,
    });
}

const toParagraph = (line: string) => `<p style="margin:8px 0">${escapeHtml(line)}</p>`;

function renderConfirmation(name: string, link: string) {
  const subject = `Confirm your ${PRODUCT_NAME} notification e-mail`;
  const intro = [
    `Hello ${name},`,
    `You asked ${PRODUCT_NAME} to send your notification e-mails to this address. Open this link to confirm it:`,
  ];
  const outro = [
    `The link works once and expires in ${NOTIFICATION_EMAIL_CONFIRMATION_TTL_HOURS} hours. Until then, notifications keep going to your current address.`,
    'If you did not ask for this, ignore this e-mail: nothing will be sent here.',
  ];
  const anchor = `<p style="margin:8px 0"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return {
    subject,
    text: renderMailText(subject, [...intro, link, ...outro]),
    html: renderMailHtml(
      subject,
      `${intro.map(toParagraph).join('')}${anchor}${outro.map(toParagraph).join('')}`,
    ),
  };
}

function renderChangedNotice(name: string, newEmail: string) {
  const subject = `Your ${PRODUCT_NAME} notification e-mail changed`;
  const lines = [
    `Hello ${name},`,
    `Your ${PRODUCT_NAME} notification e-mails now go to ${newEmail}, which was confirmed just now. This address gets no more notifications.`,
    'If you did not make this change, sign in, set your notification e-mail back and tell your administrator.',
  ];
  return {
    subject,
    text: renderMailText(subject, lines),
    html: renderMailHtml(subject, lines.map(toParagraph).join('')),
  };
}
