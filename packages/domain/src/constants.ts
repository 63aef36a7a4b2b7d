/** Business constants of spec section 9. Each lives here once and is imported everywhere. */

export const PRODUCT_NAME = 'CaseBridge';

export const TOAST_DURATION_MS = 4000;

export const NOTIFICATION_DROPDOWN_LIMIT = 10;
export const NOTIFICATION_BADGE_CAP = 99;

export const FIRM_DASHBOARD_PAGE_SIZE = 10;
export const ASSIGNED_CLINICS_VISIBLE_ROWS = 4;

export const UPLOAD_LIMIT_MB = { default: 10, min: 1, max: 100 } as const;
export const SESSION_TIMEOUT_MINUTES = { default: 60, min: 15, max: 480 } as const;

export const DOCUMENT_CATEGORIES = [
  'Intake',
  'MRI',
  'Treatment Notes',
  'Discharge',
  'Billing',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategory = 'Intake';

export const DIGEST_FREQUENCIES = ['None', 'Daily', 'Weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'Daily';

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export const NOTIFICATION_TYPES = [
  'message',
  'document',
  'status_update',
  'document_upload',
  'message_sent',
  'patient_edit',
  'access_request',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Login throttling: failures inside the window before further attempts are refused. */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 30,
} as const;

/** The password every seeded demo account shares (README, 'Demo logins'). */
export const DEMO_PASSWORD = 'demo-password-2026';

export const MIN_PASSWORD_LENGTH = 12;
