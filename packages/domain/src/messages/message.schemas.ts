import { z } from 'zod';
import {
  cursorPage,
  cursorQuery,
  requiredText,
  updatedSinceQuery,
  ZRecordCursor,
} from '../common.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';

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

/** How long after sending the sender may still edit a message's text. */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;

/** Texts of the corrections a sender makes to their own message. */
export const MESSAGE_CORRECTION_TEXTS = {
  edited: 'edited',
  editedAt: (time: string) => `Edited ${time}`,
  retractedBy: (name: string) => `Message retracted by ${name}`,
  retractTitle: 'Retract this message?',
  retractDescription:
    'Everyone on the case will see that you retracted it instead of the text. Administrators keep the original for the record.',
  saved: 'Message updated',
  retracted: 'Message retracted',
  notSender: 'Only the sender can change a message',
  editWindowClosed: `A message can be edited for ${MESSAGE_EDIT_WINDOW_MINUTES} minutes after it is sent`,
  isRetracted: 'This message was retracted',
  unchanged: 'The message text is unchanged',
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
  /**
   * The text; null once the sender retracted it, for everyone but admins (the text is not sent
   * to them at all).
   */
  body: z.string().nullable(),
  templateId: z.uuid().nullable(),
  notifyByEmail: z.boolean(),
  createdAt: z.string(),
  /** When the sender last edited the text; null if never. */
  editedAt: z.string().nullable(),
  /** When the sender retracted it; null while it stands. */
  retractedAt: z.string().nullable(),
  /** Whether the signed-in user has read it (always true for their own messages). */
  isReadByMe: z.boolean(),
  /** Whether anyone other than the sender has read it: the double check. */
  isReadByOthers: z.boolean(),
  ...versionFields,
});
export type TMessage = z.infer<typeof ZMessage>;

/** The sender edits the text (within MESSAGE_EDIT_WINDOW_MINUTES), naming the version they saw. */
export const ZEditMessageRequest = z.object({
  body: requiredText(MESSAGE_TEXTS.bodyRequired, MESSAGE_BODY_MAX_LENGTH),
  ...versionInput,
});
export type TEditMessageRequest = z.input<typeof ZEditMessageRequest>;

/** The sender retracts the message, naming the version they saw. */
export const ZRetractMessageRequest = z.object({ ...versionInput });
export type TRetractMessageRequest = z.input<typeof ZRetractMessageRequest>;

/** Until when the sender may edit a message sent at `createdAt`. */
export function getMessageEditDeadline(createdAt: string | Date): Date {
  return new Date(new Date(createdAt).getTime() + MESSAGE_EDIT_WINDOW_MINUTES * 60_000);
}

/** Whether `userId` may still edit the message at `now`: the sender, within the window. */
export function canEditMessage(
  userId: string,
  message: Pick<TMessage, 'senderId' | 'createdAt' | 'retractedAt'>,
  now: Date = new Date(),
): boolean {
  return (
    message.senderId === userId &&
    message.retractedAt === null &&
    now < getMessageEditDeadline(message.createdAt)
  );
}

/** Whether `userId` may retract the message: the sender, at any time, once. */
export function canRetractMessage(
  userId: string,
  message: Pick<TMessage, 'senderId' | 'retractedAt'>,
): boolean {
  return message.senderId === userId && message.retractedAt === null;
}

export const ZListMessagesQuery = z.object({
  /**
   * `cursor`: the id of the last message already shown; the page holds the messages before it
   * (newest first) or, with `updatedSince`, the changes after it (oldest change first).
   */
  ...cursorQuery(MESSAGE_PAGE_SIZE, ZRecordCursor),
  ...updatedSinceQuery,
});
export type TListMessagesQuery = z.input<typeof ZListMessagesQuery>;

/** One page of a thread, newest first. */
export const ZMessagePage = cursorPage(ZMessage, {
  /** The patient's messages, for the panel's count, counted up to MESSAGE_COUNT_CAP + 1. */
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
