import { z } from 'zod';
import { cursorPage, cursorQuery, emailField } from '../common.schemas.ts';
import { DEFAULT_DIGEST_FREQUENCY, DIGEST_FREQUENCIES, NOTIFICATION_TYPES } from '../constants.ts';
import { ZPendingNotificationEmail } from './notification-email.schemas.ts';
import { NOTIFICATION_PAGE_SIZE } from './notification-texts.ts';

// The texts and the page size live apart from the schemas, so that the bell can show them
// without zod.
export {
  getPreferenceToggle,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TEXTS,
  NOTIFICATION_TYPE_LABELS,
  type NotificationPreferenceToggle,
} from './notification-texts.ts';

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

export const ZListNotificationsQuery = z.object({
  /** `cursor`: the id of the oldest notification already shown. */
  ...cursorQuery(NOTIFICATION_PAGE_SIZE, z.uuid()),
});
export type TListNotificationsQuery = z.input<typeof ZListNotificationsQuery>;

export const ZNotificationPage = cursorPage(ZNotification, {
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
  notifyOnCaseRequests: z.boolean(),
  notifyOnTreatmentGaps: z.boolean(),
  notifyOnLienActivity: z.boolean(),
  notifyOnVisits: z.boolean(),
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
  // The three-party workflow's toggles: a client that predates them leaves them as they are.
  notifyOnCaseRequests: z.boolean().optional(),
  notifyOnTreatmentGaps: z.boolean().optional(),
  notifyOnLienActivity: z.boolean().optional(),
  notifyOnVisits: z.boolean().optional(),
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
    notifyOnCaseRequests: true,
    notifyOnTreatmentGaps: true,
    notifyOnLienActivity: true,
    notifyOnVisits: true,
    pendingNotificationEmail: null,
  };
}
