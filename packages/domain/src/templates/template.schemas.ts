import { z } from 'zod';
import { requiredText } from '../common.schemas.ts';

export const TEMPLATE_TYPES = ['message', 'email'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/**
 * The notification e-mails an e-mail template can be made for. The active e-mail template of a
 * purpose replaces the built-in subject and text of that e-mail (placeholders below).
 */
export const EMAIL_TEMPLATE_PURPOSES = ['message_notification', 'invitation'] as const;
export type EmailTemplatePurpose = (typeof EMAIL_TEMPLATE_PURPOSES)[number];

export const EMAIL_TEMPLATE_PURPOSE_LABELS: Record<EmailTemplatePurpose, string> = {
  message_notification: 'New message notification',
  invitation: 'New user invitation',
};

/** Placeholders each purpose fills in; `{{link}}` is always the page the e-mail points to. */
export const EMAIL_TEMPLATE_PLACEHOLDERS: Record<EmailTemplatePurpose, readonly string[]> = {
  message_notification: ['{{patient.name}}', '{{sender.name}}', '{{link}}'],
  invitation: ['{{user.name}}', '{{link}}'],
};

/** Texts of spec sections 5 and 8 for templates. */
export const TEMPLATE_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  subjectRequired: 'Email subject is required',
  createFailed: 'Failed to create template',
  created: 'Template created successfully',
  updateFailed: 'Failed to update template',
  activated: 'Template activated',
  deactivated: 'Template deactivated',
} as const;

export const ZTemplateType = z.enum(TEMPLATE_TYPES);

export const ZMessageTemplate = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  templateType: ZTemplateType,
  /** E-mail templates only. */
  subject: z.string().nullable(),
  /** E-mail templates only: which notification e-mail it is made for. */
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES).nullable(),
  active: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMessageTemplate = z.infer<typeof ZMessageTemplate>;

export const ZTemplateList = z.object({ items: z.array(ZMessageTemplate) });
export type TTemplateList = z.infer<typeof ZTemplateList>;

/** Non-admins always get the active message templates (the composer's picker). */
export const ZListTemplatesQuery = z.object({
  type: ZTemplateType.optional(),
});
export type TListTemplatesQuery = z.infer<typeof ZListTemplatesQuery>;

/** Add Template: title and body required, then a subject for e-mail templates; values trimmed. */
export const ZCreateTemplateRequest = z
  .object({
    title: requiredText(TEMPLATE_MESSAGES.requiredFields, 200),
    body: requiredText(TEMPLATE_MESSAGES.requiredFields, 10_000),
    templateType: ZTemplateType,
    subject: z.string().trim().max(300).nullish(),
    purpose: z.enum(EMAIL_TEMPLATE_PURPOSES).nullish(),
  })
  .superRefine((value, context) => {
    if (value.templateType === 'email' && !value.subject) {
      context.addIssue({
        code: 'custom',
        path: ['subject'],
        message: TEMPLATE_MESSAGES.subjectRequired,
      });
    }
  })
  .transform((value) => ({
    title: value.title,
    body: value.body,
    templateType: value.templateType,
    subject: value.templateType === 'email' ? (value.subject ?? null) : null,
    purpose: value.templateType === 'email' ? (value.purpose ?? null) : null,
  }));
export type TCreateTemplateRequest = z.input<typeof ZCreateTemplateRequest>;
export type TCreateTemplateParsed = z.output<typeof ZCreateTemplateRequest>;

export const ZUpdateTemplateRequest = z.object({ active: z.boolean() });
export type TUpdateTemplateRequest = z.infer<typeof ZUpdateTemplateRequest>;

/** Replaces `{{name}}` placeholders; unknown placeholders are left as they are. */
export function renderTemplateText(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? match) : match,
  );
}
