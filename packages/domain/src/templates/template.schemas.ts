import { z } from 'zod';
import { requiredText } from '../common.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';

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
  updated: 'Template updated',
  typeUnchangeable: "A template's type cannot be changed",
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
  ...versionFields,
});
export type TMessageTemplate = z.infer<typeof ZMessageTemplate>;

export const ZTemplateList = z.object({ items: z.array(ZMessageTemplate) });
export type TTemplateList = z.infer<typeof ZTemplateList>;

/** Non-admins always get the active message templates (the composer's picker). */
export const ZListTemplatesQuery = z.object({
  type: ZTemplateType.optional(),
});
export type TListTemplatesQuery = z.infer<typeof ZListTemplatesQuery>;

/** A template's fields, as Add Template takes them and Edit Template (below) re-checks them. */
const TEMPLATE_FIELDS = {
  title: requiredText(TEMPLATE_MESSAGES.requiredFields, 200),
  body: requiredText(TEMPLATE_MESSAGES.requiredFields, 10_000),
  templateType: ZTemplateType,
  subject: z.string().trim().max(300).nullish(),
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES).nullish(),
};

/** An e-mail template needs a subject (spec section 5), checked after title and body. */
function checkTemplateSubject(
  value: { templateType: TemplateType; subject?: string | null | undefined },
  context: z.core.$RefinementCtx,
): void {
  if (value.templateType === 'email' && !value.subject) {
    context.addIssue({
      code: 'custom',
      path: ['subject'],
      message: TEMPLATE_MESSAGES.subjectRequired,
    });
  }
}

/** The subject is stored for e-mail templates only. */
const getTemplateSubject = (value: {
  templateType: TemplateType;
  subject?: string | null | undefined;
}): string | null => (value.templateType === 'email' ? (value.subject ?? null) : null);

/** Add Template: title and body required, then a subject for e-mail templates; values trimmed. */
export const ZCreateTemplateRequest = z
  .object(TEMPLATE_FIELDS)
  .superRefine(checkTemplateSubject)
  .transform((value) => ({
    title: value.title,
    body: value.body,
    templateType: value.templateType,
    subject: getTemplateSubject(value),
    purpose: value.templateType === 'email' ? (value.purpose ?? null) : null,
  }));
export type TCreateTemplateRequest = z.input<typeof ZCreateTemplateRequest>;
export type TCreateTemplateParsed = z.output<typeof ZCreateTemplateRequest>;

/**
 * Edit Template's fields: title, subject and body, checked as Add Template checks them. The type
 * is sent too, for the subject rule, and must be the template's own (a type never changes).
 */
const TEMPLATE_TEXT_FIELDS = {
  title: TEMPLATE_FIELDS.title,
  body: TEMPLATE_FIELDS.body,
  templateType: TEMPLATE_FIELDS.templateType,
  subject: TEMPLATE_FIELDS.subject,
};
const ZTemplateTexts = z.object(TEMPLATE_TEXT_FIELDS).superRefine(checkTemplateSubject);

const toTemplateTexts = (value: z.output<typeof ZTemplateTexts>) => ({
  title: value.title,
  body: value.body,
  templateType: value.templateType,
  subject: getTemplateSubject(value),
});

/** Edit Template: trimmed values; the subject kept for e-mail templates only. */
export const ZEditTemplateRequest = ZTemplateTexts.transform(toTemplateTexts);
export type TEditTemplateRequest = z.input<typeof ZEditTemplateRequest>;
export type TEditTemplateParsed = z.output<typeof ZEditTemplateRequest>;

/** Activate or deactivate; nothing else in the same body but the version it was made from. */
export const ZSetTemplateActiveRequest = z
  .object({ active: z.boolean(), ...versionInput })
  .strict();

/**
 * PATCH a template: activate or deactivate it, or edit its texts, from the version named by
 * `If-Match` or `version`. The union holds the schemas before their transform, so an invalid
 * edit answers with its own message (zod reports the one alternative that got past its types),
 * and the edit is transformed after.
 */
export const ZUpdateTemplateRequest = z
  .union([
    ZSetTemplateActiveRequest,
    z.object({ ...TEMPLATE_TEXT_FIELDS, ...versionInput }).superRefine(checkTemplateSubject),
  ])
  .transform((value) =>
    'active' in value ? value : { ...toTemplateTexts(value), version: value.version },
  );
export type TUpdateTemplateRequest = z.input<typeof ZUpdateTemplateRequest>;
export type TUpdateTemplateParsed = z.output<typeof ZUpdateTemplateRequest>;

/** Replaces `{{name}}` placeholders; unknown placeholders are left as they are. */
export function renderTemplateText(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? match) : match,
  );
}
