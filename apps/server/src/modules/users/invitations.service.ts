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
import type { Db } from '#src/db/client.ts';
import { deleteUserSessions } from '#src/auth/session.ts';
import { AppError } from '#src/lib/app-error.ts';
import { enqueueMail } from '#src/mail/mail-outbox.ts';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import { getActiveEmailTemplate } from '#src/modules/templates/templates.service.ts';
import {
  claimInvitation,
  findInvitation,
  insertInvitation,
  revokeOpenInvitations,
} from './invitations.queries.ts';
import { setUserPassword } from './users.queries.ts';

/** Only the SHA-256 of a token is stored: a database leak gives no usable link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type InvitedUser = { id: string; name: string; email: string; role: Role };

/**
 * Creates a single-use link valid for INVITATION_TTL_HOURS and queues the invitation e-mail.
 * Earlier links of the same user stop working. Runs inside the caller's transaction.
 */
export async function sendInvitation(
  db: Db,
  user: InvitedUser,
  context: { appUrl: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await revokeOpenInvitations(db, user.id);
  await insertInvitation(db, {
    userId: user.id,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000),
  });
  const link = `${context.appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  await enqueueMail(db, {
    kind: 'invitation',
    to: user.email,
    ...(await renderInvitation(db, user, link)),
  });
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
      html: renderMailHtml(subject, toHtmlParagraphs(lines, link)),
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
    html: renderMailHtml(subject, toHtmlParagraphs(lines, link)),
  };
}

/** Plain lines as paragraphs; the link becomes a real anchor. */
function toHtmlParagraphs(lines: string[], link: string): string {
  return lines
    .map((line) => {
      const escaped = escapeHtml(line);
      const anchored = escaped.replace(
        escapeHtml(link),
        `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      );
      return `<p style="margin:8px 0">${anchored}</p>`;
    })
    .join('');
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
  context: { ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await getUsableInvitation(tx, input.token);
    if (!(await claimInvitation(tx, invitation.id)))
      throw new AppError('NOT_FOUND', USER_MESSAGES.invitationInvalid);
    await setUserPassword(tx, invitation.userId, input.password);
    await deleteUserSessions(tx, invitation.userId);
    await writeAudit(tx, {
      action: 'user_password_set',
      actor: { userId: invitation.userId, name: invitation.name, role: invitation.role },
      details: `${invitation.email} set a password through an invitation`,
      ip: context.ip,
    });
  });
}
