import { createHash, randomBytes } from 'node:crypto';
import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { ROLE_LABELS, type Role } from '@casebridge/domain/roles';
import { renderTemplateText } from '@casebridge/domain/templates/template.schemas';
import {
  INVITATION_TTL_HOURS,
  USER_MESSAGES,
  type TAcceptInvitationRequest,
  type TInvitationInfo,
} from '@casebridge/domain/users/user.schemas';
import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import type { Db } from '#src/db/client.ts';
import { assertPasswordAllowed } from '#src/auth/password-policy.ts';
import { setCredentialPassword } from '#src/auth/passwords.ts';
import { deleteUserSessions } from '#src/auth/session.ts';
import { Change, inChange } from '#src/change/change.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import { systemContext, type RequestContext } from '#src/lib/request-context.ts';
import type { MailDelivery } from '#src/mail/mail-jobs.ts';
import { renderLinkedParagraphs, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import { getActiveEmailTemplate } from '#src/modules/templates/templates.service.ts';
import {
  claimInvitation,
  findInvitation,
  findNewestInvitationMailId,
  insertInvitation,
  INVITATION_MAIL_KIND,
  revokeOpenInvitations,
} from './invitations.queries.ts';
import { getAdminUser } from './users.queries.ts';

/**
 * How long creating, approving or re-inviting a user waits for the mail server to accept the
 * invitation before answering that it is queued.
 */
export const INVITATION_DELIVERY_WAIT_MS = 5_000;

/** Only the SHA-256 of a token is stored: a database leak gives no usable link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type InvitedUser = { id: string; name: string; email: string; role: Role };

/**
 * Creates a single-use link valid for INVITATION_TTL_HOURS and queues the invitation e-mail on
 * the change, the link pointing at the change's public address. Earlier links of the same user
 * stop working. Resolves to the link (the first admin's, printed by `casebridge create-admin`).
 */
export async function queueInvitation(change: Change, user: InvitedUser): Promise<string> {
  const { tx } = change;
  const token = randomBytes(32).toString('base64url');
  await revokeOpenInvitations(tx, user.id);
  await insertInvitation(tx, {
    userId: user.id,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000),
  });
  const link = `${change.context.appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  change.mail({
    kind: INVITATION_MAIL_KIND,
    to: user.email,
    subjectId: user.id,
    ...(await renderInvitation(tx, user, link)),
  });
  return link;
}

/**
 * `queueInvitation` for a caller with no Change of its own (the directory import), inside the
 * caller's transaction: nobody's action, so nothing but the invitation and its mail is written.
 */
export async function sendInvitation(
  db: Db,
  user: InvitedUser,
  context: { appUrl: string },
): Promise<void> {
  const change = new Change(db, { actor: null, context: systemContext(context.appUrl) });
  await queueInvitation(change, user);
  await change.commit();
}

/**
 * Tries to e-mail the user's newest invitation at once, waiting at most
 * INVITATION_DELIVERY_WAIT_MS, and answers the user as the admin sees them with the
 * invitation's delivery: the admin is told 'e-mailed' only once a mail server has accepted it;
 * otherwise it stays queued for the worker. Call once the invitation is committed.
 */
export async function deliverInvitationNow(
  db: Db,
  mail: MailDelivery,
  userId: string,
): Promise<TAdminUser> {
  const user = await getAdminUser(db, userId);
  if (!user) throw notFound();
  const mailId =
    user.invitation?.status === 'queued' ? await findNewestInvitationMailId(db, user.id) : null;
  if (!mailId || !(await mail.deliverNow(mailId, INVITATION_DELIVERY_WAIT_MS))) return user;
  return (await getAdminUser(db, userId)) ?? user;
}

async function renderInvitation(db: Db, user: InvitedUser, link: string) {
  const template = await getActiveEmailTemplate(db, 'invitation');
  const expiry = `The link works once and expires in ${INVITATION_TTL_HOURS} hours.`;
  if (template) {
    const values = { 'user.name': user.name, link };
    const subject = renderTemplateText(template.subject ?? template.title, values);
    const body = renderTemplateText(template.body, values);
    // The link is the point of the e-mail: it is added when the template leaves it out.
    const lines = [
      ...body.split('\n'),
      ...(template.body.includes('{{link}}') ? [] : [link]),
      expiry,
    ];
    return {
      subject,
      text: renderMailText(subject, lines),
      html: renderMailHtml(subject, renderLinkedParagraphs(lines, link)),
    };
  }
  const subject = `You're invited to ${PRODUCT_NAME}`;
  const lines = [
    `Hello ${user.name},`,
    `An administrator created a ${PRODUCT_NAME} account for you (${ROLE_LABELS[user.role]}).`,
    `Set your password to activate it: ${link}`,
    expiry,
  ];
  return {
    subject,
    text: renderMailText(subject, lines),
    html: renderMailHtml(subject, renderLinkedParagraphs(lines, link)),
  };
}

async function getUsableInvitation(db: Db, token: string) {
  const invitation = await findInvitation(db, hashInvitationToken(token));
  if (!invitation || invitation.usedAt || !invitation.active)
    throw new AppError('NOT_FOUND', USER_MESSAGES.invitationInvalid);
  if (invitation.expiresAt.getTime() <= Date.now())
    throw new AppError('NOT_FOUND', USER_MESSAGES.invitationExpired);
  return invitation;
}

/** Who the link is for, so the page can greet them; nothing is changed. */
export async function lookupInvitation(db: Db, token: string): Promise<TInvitationInfo> {
  const invitation = await getUsableInvitation(db, token);
  return {
    name: invitation.name,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** Sets the password once; the link is claimed atomically, then it never works again. */
export async function acceptInvitation(
  db: Db,
  input: TAcceptInvitationRequest,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor: null, context }, async (change) => {
    const { tx } = change;
    const invitation = await getUsableInvitation(tx, input.token);
    assertPasswordAllowed(input.password, invitation.email);
    if (!(await claimInvitation(tx, invitation.id)))
      throw new AppError('NOT_FOUND', USER_MESSAGES.invitationInvalid);
    await setCredentialPassword(tx, invitation.userId, input.password);
    await deleteUserSessions(tx, invitation.userId);
    change.audit({
      action: 'user_password_set',
      actor: { userId: invitation.userId, name: invitation.name, role: invitation.role },
      details: `${invitation.email} set a password through an invitation`,
    });
  });
}
