import { PRODUCT_NAME } from '@casebridge/domain/constants';

export const SECURE_MESSAGING_FOOTER = `This message was sent by ${PRODUCT_NAME}, a secure-messaging, HIPAA-compliant system. Do not forward it.`;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Wraps mail content in the 600 px layout with the secure-messaging footer (or another). */
export function renderMailHtml(
  title: string,
  bodyHtml: string,
  footer = SECURE_MESSAGING_FOOTER,
): string {
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,sans-serif;color:#1f2937"><div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}<p style="margin-top:24px;font-size:12px;color:#6b7280">${escapeHtml(footer)}</p></div></body></html>`;
}

export function renderMailText(
  title: string,
  lines: string[],
  footer = SECURE_MESSAGING_FOOTER,
): string {
  return [title, '', ...lines, '', '--', footer].join('\n');
}

/** Plain lines as paragraphs; the link becomes a real anchor. */
export function renderLinkedParagraphs(lines: string[], link: string): string {
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
