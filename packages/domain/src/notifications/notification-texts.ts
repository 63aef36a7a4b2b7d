import type { NotificationType } from '../constants.ts';

// Free of zod (ADR 0015): the bell in every signed-in page's header reads these.
// notification.schemas.ts re-exports them with the schemas.

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
  case_request: 'Request',
  request_overdue: 'Overdue request',
  treatment_gap: 'Treatment gap',
  reduction: 'Reduction',
  payment: 'Payment',
  referral: 'Referral',
  visit_no_show: 'Missed visit',
};

export type NotificationPreferenceToggle =
  | 'notifyOnStatusChange'
  | 'notifyOnDocumentUpload'
  | 'notifyOnMessageReceived'
  | 'notifyOnCaseRequests'
  | 'notifyOnTreatmentGaps'
  | 'notifyOnLienActivity'
  | 'notifyOnVisits';

/**
 * Which of the recipient's toggles governs a notification type; `null` means the type is
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
    case 'case_request':
    case 'request_overdue':
    // A referral asks a clinic to take on care, as a request asks it for records.
    case 'referral':
      return 'notifyOnCaseRequests';
    case 'treatment_gap':
      return 'notifyOnTreatmentGaps';
    case 'reduction':
    case 'payment':
      return 'notifyOnLienActivity';
    case 'visit_no_show':
      return 'notifyOnVisits';
    case 'access_request':
    case 'access_granted':
      return null;
  }
}

export const NOTIFICATION_PAGE_SIZE = { default: 20, max: 50 } as const;
