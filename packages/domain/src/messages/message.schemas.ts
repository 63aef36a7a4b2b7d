import { z } from 'zod';
import { requiredText } from '../common.schemas.ts';

/** Texts of spec sections 2, 4 and 8 for the Messages tab, word for word. */
export const MESSAGE_TEXTS = {
  heading: 'Team Messages',
  empty: 'No messages yet',
  placeholder: 'Type your message...',
  notifyByEmail: 'Also notify by email',
  sent: 'Message sent successfully',
  sentButEmailFailed: 'Message sent but email notifications failed',
  sendFailed: 'Failed to send message',
  bodyRequired: 'Please enter a message',
} as const;

export const MESSAGE_BODY_MAX_LENGTH = 5_000;
export const MESSAGE_PAGE_SIZE = { default: 30, max: 100 } as const;
/** How many message ids one read-receipt call may carry (a few pages of a thread). */
export const MESSAGE_READ_BATCH_MAX = 300;

/** Send message (spec section 5): the body is trimmed and may not be blank. */
export const ZSendMessageRequest = z.object({
  body: requiredText(MESSAGE_TEXTS.bodyRequired, MESSAGE_BODY_MAX_LENGTH),
  /** An admin-created template the text started from; built-in templates have no id. */
  templateId: z.uuid().nullish(),
  notifyByEmail: z.boolean().default(false),
});
export type TSendMessageRequest = z.input<typeof ZSendMessageRequest>;
export type TSendMessageParsed = z.output<typeof ZSendMessageRequest>;

/** The admin's 'Send Message' dialog, which picks the patient the message goes to. */
export const ADMIN_MESSAGE_TEXTS = { patientRequired: 'Please select a patient' } as const;

/**
 * 'Send Message' from the admin dashboard: a patient first, then the body checked as the route
 * checks it. The patient goes into the URL (`POST /patients/{id}/messages`), the rest is the
 * request.
 */
export const ZAdminSendMessageForm = z
  .object({
    patientId: z
      .string({ message: ADMIN_MESSAGE_TEXTS.patientRequired })
      .min(1, ADMIN_MESSAGE_TEXTS.patientRequired),
  })
  .extend(ZSendMessageRequest.pick({ body: true }).shape);

export const ZMessage = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  senderRole: z.string(),
  senderOrganizationName: z.string().nullable(),
  body: z.string(),
  templateId: z.uuid().nullable(),
  notifyByEmail: z.boolean(),
  createdAt: z.string(),
  /** Whether the signed-in user has read it (always true for their own messages). */
  isReadByMe: z.boolean(),
  /** Whether anyone other than the sender has read it: the double check. */
  isReadByOthers: z.boolean(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZListMessagesQuery = z.object({
  /** The id of the oldest message already shown; the page holds the messages before it. */
  cursor: z.uuid().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MESSAGE_PAGE_SIZE.max)
    .default(MESSAGE_PAGE_SIZE.default),
});
export type TListMessagesQuery = z.input<typeof ZListMessagesQuery>;

/** One page of a thread, newest first. */
export const ZMessagePage = z.object({
  items: z.array(ZMessage),
  nextCursor: z.uuid().nullable(),
  /** Every message of the patient, for the panel's count. */
  total: z.number().int(),
});
export type TMessagePage = z.infer<typeof ZMessagePage>;

/**
 * What happened to 'Also notify by email': not asked, queued in the outbox, switched off by the
 * admin setting, or failed to queue (the message itself is saved either way).
 */
export const EMAIL_NOTIFICATION_STATUSES = [
  'not_requested',
  'queued',
  'disabled',
  'failed',
] as const;
export type EmailNotificationStatus = (typeof EMAIL_NOTIFICATION_STATUSES)[number];

export const ZSendMessageResponse = z.object({
  message: ZMessage,
  notifiedUsers: z.number().int(),
  emailStatus: z.enum(EMAIL_NOTIFICATION_STATUSES),
  emailsQueued: z.number().int(),
});
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;

export const ZMarkMessagesReadRequest = z.object({
  messageIds: z.array(z.uuid()).min(1).max(MESSAGE_READ_BATCH_MAX),
});
export type TMarkMessagesReadRequest = z.infer<typeof ZMarkMessagesReadRequest>;

export const ZMarkMessagesReadResponse = z.object({ marked: z.number().int() });
