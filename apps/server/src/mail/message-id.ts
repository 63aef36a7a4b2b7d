const FALLBACK_DOMAIN = 'casebridge.local';

/**
 * The Message-ID of an outbox mail, derived from its row id: every send of the same row carries
 * the same id, so a mail sent again after a crash (accepted by SMTP, not yet marked sent) is
 * recognisable as a duplicate by the receiving side.
 */
export function getMailMessageId(mailId: string, appUrl: string | undefined): string {
  return `<${mailId}@${getDomain(appUrl)}>`;
}

function getDomain(appUrl: string | undefined): string {
  if (!appUrl) return FALLBACK_DOMAIN;
  try {
    return new URL(appUrl).hostname || FALLBACK_DOMAIN;
  } catch {
    return FALLBACK_DOMAIN;
  }
}
