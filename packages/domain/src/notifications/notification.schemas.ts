import { z } from 'zod';
import { emailField } from '../common.schemas.ts';
import {
  DEFAULT_DIGEST_FREQUENCY,
  DIGEST_FREQUENCIES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../constants.ts';
import { ZPendingNotificationEmail } from './notification-email.schemas.ts';

/** Texts of spec sections 2 and 8 for the bell and the Notification Center. */
export const NOTIFICATION_TEXTS = {
  centerTitle: 'Notification Center',
  empty: 'No notifications',
  emptyHint: "You're all caught up! New activity on your cases will appear here.",
  markAsRead: 'Mark as read',
  markAllAsRead: 'Mark all as read',
  viewAll: 'View all notifications',
  allMarkedRead: 'All notifications marked as read',
  markFailed: 'Failed to mark notifications as read',
  openFailed: 'Failed to open notification',
  savePreferences: 'Save Preferences',
  preferencesSaved: 'Preferences saved successfully',
  preferencesSaveFailed: 'Failed to save preferences',
  loadFailed: 'Failed to load notifications',
} as const;

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  message: 'Message',
  document: 'Document',
  status_update: 'Status update',
  document_upload: 'Document upload',
  message_sent: 'Message sent',
  patient_edit: 'Patient edit',
  access_request: 'Access request',
  access_granted: 'Temporary access',
};

export type NotificationPreferenceToggle =
  'notifyOnStatusChange' | 'notifyOnDocumentUpload' | 'notifyOnMessageReceived';

/**
 * Which of the recipient's three toggles governs a notification type; `null` means the type is
 * not covered by a toggle and is always delivered (access requests to admins, a temporary access
 * grant to the patient's parties and the grantee).
 */
export function getPreferenceToggle(type: NotificationType): NotificationPreferenceToggle | null {
  switch (type) {
    case 'message':
    case 'message_sent':
      return 'notifyOnMessageReceived';
    case 'document':
    case 'document_upload':
      return 'notifyOnDocumentUpload';
    case 'status_update':
    case 'patient_edit':
      return 'notifyOnStatusChange';
    case 'access_request':
    case 'access_granted':
      return null;
  }
}

export const ZNotification = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  content: z.string(),
  patientId: z.uuid().nullable(),
  patientName: z.string().nullable(),
  linkTo: z.string().nullable(),
  isRead: z.boolean(),
  fromRole: z.string().nullable(),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_PAGE_SIZE = { default: 20, max: 50 } as const;

export const ZListNotificationsQuery = z.object({
  /** The id of the oldest notification already shown. */
  cursor: z.uuid().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE_SIZE.max)
    .default(NOTIFICATION_PAGE_SIZE.default),
});
export type TListNotificationsQuery = z.input<typeof ZListNotificationsQuery>;

export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  nextCursor: z.uuid().nullable(),
  /** Counted up to NOTIFICATION_UNREAD_COUNT_CAP + 1: a count above the cap reads as '999+'. */
  unreadCount: z.number().int(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZMarkAllReadResponse = z.object({ marked: z.number().int() });

export const ZDigestFrequency = z.enum(DIGEST_FREQUENCIES);

/** Notification preferences (spec section 3), stored on the server (docs/architecture.md D2). */
export const ZNotificationPreferences = z.object({
  /** Where notification e-mails go: the confirmed address, else the account e-mail. */
  notificationEmail: z.string(),
  digestFrequency: ZDigestFrequency,
  notifyOnStatusChange: z.boolean(),
  notifyOnDocumentUpload: z.boolean(),
  notifyOnMessageReceived: z.boolean(),
  /** A new address saved but not yet confirmed: mail keeps going to `notificationEmail`. */
  pendingNotificationEmail: ZPendingNotificationEmail.nullable(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZUpdateNotificationPreferencesRequest = z.object({
  notificationEmail: emailField(),
  digestFrequency: ZDigestFrequency,
  notifyOnStatusChange: z.boolean(),
  notifyOnDocumentUpload: z.boolean(),
  notifyOnMessageReceived: z.boolean(),
});
export type TUpdateNotificationPreferencesRequest = z.input<
  typeof ZUpdateNotificationPreferencesRequest
>;

export function getDefaultPreferences(accountEmail: string): TNotificationPreferences {
  return {
    notificationEmail: accountEmail,
    digestFrequency: DEFAULT_DIGEST_FREQUENCY,
    notifyOnStatusChange: true,
    notifyOnDocumentUpload: true,
    notifyOnMessageReceived: true,
    pendingNotificationEmail: null,
  };
}
