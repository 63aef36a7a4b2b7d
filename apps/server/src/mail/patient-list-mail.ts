import { escapeHtml, renderMailHtml, renderMailText } from './mail-layout.ts';

/**
 * A daily e-mail about several patients (the treatment-gap alert, the case-update reminder).
 * Without the admin's 'detailed content' setting it names no patient, as every notification
 * e-mail; with it, the first patients with a link each, then 'and N more', then one link to the
 * list of them all.
 */
export function renderPatientListEmail(mail: {
  subject: string;
  summary: string;
  total: number;
  items: ReadonlyArray<{ line: string; link: string }>;
  isDetailed: boolean;
  footer: { label: string; link: string };
}) {
  const items = mail.isDetailed ? mail.items : [];
  const more =
    mail.isDetailed && mail.total > items.length ? [`and ${mail.total - items.length} more`] : [];
  const signIn = mail.isDetailed ? [] : ['Sign in to see who.'];
  const text = renderMailText(mail.subject, [
    mail.summary,
    ...signIn,
    '',
    ...items.map((item) => `- ${item.line}: ${item.link}`),
    ...more,
    '',
    `${mail.footer.label}: ${mail.footer.link}`,
  ]);
  const listHtml =
    items.length > 0
      ? `<ul style="padding-left:20px">${items.map((item) => `<li style="margin:4px 0"><a href="${escapeHtml(item.link)}">${escapeHtml(item.line)}</a></li>`).join('')}${more.map((line) => `<li style="margin:4px 0">${escapeHtml(line)}</li>`).join('')}</ul>`
      : '';
  const html = renderMailHtml(
    mail.subject,
    `<p>${escapeHtml(mail.summary)}</p>${signIn.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${listHtml}<p style="margin-top:20px"><a href="${escapeHtml(mail.footer.link)}">${escapeHtml(mail.footer.label)}</a></p>`,
  );
  return { subject: mail.subject, text, html };
}
