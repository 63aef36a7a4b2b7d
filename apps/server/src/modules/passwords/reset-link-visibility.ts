import { PASSWORD_RESET_MAIL_KIND } from './passwords.queries.ts';

/** What an admin reads in place of a reset link's token. */
export const HIDDEN_RESET_TOKEN = '[hidden: only the recipient may use this link]';

/**
 * An admin reading the mail outbox must not be able to use a user's reset link: that would let
 * them choose the user's password. Once a mail server delivers mail, the link's token is hidden
 * from them. Without one (a demo or a first setup) the outbox is the only way a mail leaves, so
 * the admin sees the link to pass it on (docs/security.md).
 */
export function hideResetLink<T extends { kind: string; text: string }>(
  mail: T,
  isMailServerConfigured: boolean,
): T {
  if (!isMailServerConfigured || mail.kind !== PASSWORD_RESET_MAIL_KIND) return mail;
  return {
    ...mail,
    text: mail.text.replace(/(\/reset-password\?token=)[\w%-]+/g, `$1${HIDDEN_RESET_TOKEN}`),
  };
}
