/** What anyone reading the outbox sees in place of a link's token. */
export const HIDDEN_LINK_TOKEN = '[hidden: only the recipient may use this link]';

/**
 * The pages whose link carries a secret that acts for its recipient: accepting an invitation
 * or resetting a password signs them in, confirming a notification address proves they own it.
 */
const SECRET_LINK_PATHS = ['/accept-invite', '/reset-password', '/confirm-notification-email'];
const SECRET_LINK = new RegExp(
  `(${SECRET_LINK_PATHS.map((linkPath) => linkPath.replace(/[-/]/g, '\\$&')).join('|')})\\?token=[^\\s"'<>&]+`,
  'g',
);

/**
 * A mail's text with the token of every secret link hidden. Whoever reads the outbox (an admin,
 * an API token with `admin:mail`) must never be able to act as the mail's recipient, whether or
 * not a mail server is configured (docs/security.md).
 */
export function hideSecretLinks(text: string): { text: string; hiddenLinks: number } {
  let hiddenLinks = 0;
  const hidden = text.replace(SECRET_LINK, (_link, linkPath: string) => {
    hiddenLinks += 1;
    return `${linkPath}?token=${HIDDEN_LINK_TOKEN}`;
  });
  return { text: hidden, hiddenLinks };
}
