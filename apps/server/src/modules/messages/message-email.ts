import { PRODUCT_NAME } from '@casebridge/domain/constants';
import { getMessagesLink, getSenderLabel } from '@casebridge/domain/messages/message-sender';
import { getRoleEmailLabel } from '@casebridge/domain/roles';
import {
  renderTemplateText,
  type TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import { escapeHtml, renderMailHtml, renderMailText } from '#src/mail/mail-layout.ts';

export type MessageEmailInput = {
  patient: { id: string; fullName: string };
  sender: { name: string; role: string; organizationName: string | null };
  body: string;
  sentAt: Date;
  appUrl: string;
  /** The admin setting: the specified content (patient details) instead of a bare sign-in link. */
  isDetailed: boolean;
  /** The active admin-made e-mail template for message notifications, when there is one. */
  template: TMessageTemplate | null;
};

export type MessageEmailContent = { subject: string; text: string; html: string };

export function formatEmailDate(date: Date): string {
  return `${date.toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;
}

const paragraph = (text: string) =>
  `<p style="margin:4px 0;white-space:pre-wrap">${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `<p style="margin-top:20px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/**
 * The e-mail behind 'Also notify by email' (docs/architecture.md D6). By default it carries no
 * patient details, only a link that needs sign-in; with the admin setting it carries the
 * specified content: sender, role, patient, date, message and link. An admin-made template
 * replaces the wording, but its patient placeholder stays empty of details by default.
 */
export function renderMessageEmail(input: MessageEmailInput): MessageEmailContent {
  const link = `${input.appUrl}${getMessagesLink(input.patient.id)}`;
  const senderLabel = getSenderLabel(input.sender.role, input.sender.organizationName);
  if (input.template?.subject) {
    const values = {
      'patient.name': input.isDetailed ? input.patient.fullName : 'a shared patient',
      'sender.name': input.isDetailed ? input.sender.name : senderLabel,
      link,
    };
    const subject = renderTemplateText(input.template.subject, values);
    const body = renderTemplateText(input.template.body, values);
    const lines = body.split(/\r?\n/);
    return {
      subject,
      text: renderMailText(subject, [...lines, '', link]),
      html: renderMailHtml(
        subject,
        `${lines.map(paragraph).join('')}${button(link, 'Open CaseBridge')}`,
      ),
    };
  }
  if (!input.isDetailed) {
    const subject = `New secure message - ${PRODUCT_NAME}`;
    const title = 'You have a new secure message';
    const lines = [
      `${senderLabel} sent a new message on a case you work on.`,
      `For privacy, the message is not included in this e-mail. Sign in to ${PRODUCT_NAME} to read it.`,
    ];
    return {
      subject,
      text: renderMailText(title, [...lines, '', `Read it: ${link}`]),
      html: renderMailHtml(
        title,
        `${lines.map(paragraph).join('')}${button(link, 'Sign in to read')}`,
      ),
    };
  }
  const subject = `New message regarding ${input.patient.fullName} - ${PRODUCT_NAME}`;
  const title = `New message regarding ${input.patient.fullName}`;
  const details = [
    `Sender: ${input.sender.name} (${senderLabel})`,
    `Role: ${getRoleEmailLabel(input.sender.role)}`,
    `Patient: ${input.patient.fullName}`,
    `Date: ${formatEmailDate(input.sentAt)}`,
  ];
  return {
    subject,
    text: renderMailText(title, [
      ...details,
      '',
      'Message:',
      input.body,
      '',
      `View the conversation: ${link}`,
    ]),
    html: renderMailHtml(
      title,
      `${details.map(paragraph).join('')}<div style="margin-top:16px;padding:12px 16px;border-left:4px solid #1d4ed8;background:#f4f5f7;white-space:pre-wrap">${escapeHtml(input.body)}</div>${button(link, 'View the conversation')}`,
    ),
  };
}
