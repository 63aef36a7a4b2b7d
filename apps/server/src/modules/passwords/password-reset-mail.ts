import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { PASSWORD_RESET_TTL_MINUTES } from '@casebridge/domain/auth/password.schemas';
import { renderLinkedParagraphs, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';

/** Who asked for the link: the account's owner (from an address) or a named administrator. */
export type ResetRequester = { kind: 'self'; ip: string } | { kind: 'admin'; name: string };

/**
 * A plain account e-mail: what happened, who asked, the link and how long it works, and what to
 * do if it was not wanted. It makes no claim about the system's security or compliance.
 */
const FOOTER = `Sent by ${PRODUCT_NAME} because a password reset was asked for this account. Do not forward it: the link lets whoever holds it choose a new password.`;

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
