import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { PASSWORD_RESET_TTL_MINUTES } from '@casebridge/domain/auth/password.schemas';
import {
  escapeHtml,
  renderLinkedParagraphs,
  renderMailHtml,
  renderMailText,
} from '#src/mail/mail-layout.ts';

/** Who asked for the link: the account's owner (from an address) or a named administrator. */
export type ResetRequester = { kind: 'self'; ip: string } | { kind: 'admin'; name: string };

/**
 * A plain account e-mail: what happened, who asked, the link and how long it works, and what to
 * do if it was not wanted. It makes no claim about the system's security or compliance.
 */
const FOOTER = `Sent by ${PRODUCT_NAME} because a password reset was asked for this account. Do not forward it: the link lets whoever holds it choose a new password.`;

const FOOTER_NOTICE = `Sent by ${PRODUCT_NAME} to the address you sign in with, because your password changed.`;

export function renderPasswordResetMail(
  user: { name: string },
  requester: ResetRequester,
  link: string,
) {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const why =
    requester.kind === 'admin'
      ? `${requester.name}, an administrator of ${PRODUCT_NAME}, sent you this link to choose a new password.`
      : `Someone, hopefully you, asked to reset your ${PRODUCT_NAME} password from the address ${requester.ip}.`;
  const lines = [
    `Hello ${user.name},`,
    why,
    `Choose a new password here: ${link}`,
    `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Using it signs you out on every device.`,
    'If you did not expect this e-mail, ignore it: your password stays as it is. Tell your administrator if it keeps happening.',
  ];
  return {
    subject,
    text: renderMailText(subject, lines, FOOTER),
    html: renderMailHtml(subject, renderLinkedParagraphs(lines, link), FOOTER),
  };
}

/**
 * Told after the password changed or was reset (NIST SP 800-63B asks that the owner hear of
 * changes to their authenticators): when, from where, and what to do if it was not them.
 */
export function renderPasswordChangedMail(
  user: { name: string },
  change: { how: 'changed' | 'reset'; ip: string; at: Date },
) {
  const subject = `Your ${PRODUCT_NAME} password was ${change.how}`;
  const lines = [
    `Hello ${user.name},`,
    `Your ${PRODUCT_NAME} password was ${change.how === 'reset' ? 'reset with an e-mailed link' : 'changed'} on ${change.at.toISOString().replace('T', ' ').slice(0, 16)} UTC, from the address ${change.ip}.`,
    change.how === 'reset'
      ? 'You were signed out on every device.'
      : 'You were signed out on your other devices.',
    'If this was not you, ask your administrator at once to send you a password reset link and to end your sessions.',
  ];
  return {
    subject,
    text: renderMailText(subject, lines, FOOTER_NOTICE),
    html: renderMailHtml(
      subject,
      lines.map((line) => `<p style="margin:8px 0">${escapeHtml(line)}</p>`).join(''),
      FOOTER_NOTICE,
    ),
  };
}
