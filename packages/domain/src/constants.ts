/** Business constants of spec section 9. Each lives here once and is imported everywhere. */

export const PRODUCT_NAME = 'CaseBridge';

export const TOAST_DURATION_MS = 4000;

export const NOTIFICATION_DROPDOWN_LIMIT = 10;
export const NOTIFICATION_BADGE_CAP = 99;
/**
 * The unread count served with each notification page stops here: past it the count
 * reads '999+', so it costs the same however many notifications a user has left unread.
 */
export const NOTIFICATION_UNREAD_COUNT_CAP = 999;
/** The same for the count beside a patient's 'Team Messages' thread: '999+ messages'. */
export const MESSAGE_COUNT_CAP = 999;

export const ASSIGNED_CLINICS_VISIBLE_ROWS = 4;

/**
 * Rows per page of each list. The spec fixes the firm table at 10; the others are CaseBridge's.
 * The web app asks for these, and a list request that names no size gets its screen's.
 */
export const FIRM_DASHBOARD_PAGE_SIZE = 10;
export const CLINIC_DASHBOARD_PAGE_SIZE = 24;
export const LIENHOLDER_DASHBOARD_PAGE_SIZE = 10;
export const ADMIN_PATIENTS_PAGE_SIZE = 20;
/** The admin's Send Message patient picker: the first matches by name. */
export const PATIENT_PICKER_SIZE = 20;
export const USERS_PAGE_SIZE = 20;
export const USERS_COUNT_CAP = 1000;
export const AUDIT_LOG_PAGE_SIZE = 25;
/**
 * Counters shown beside long lists stop counting here: past it the screen says
 * '1000+', so a count costs at most this many index entries however large the organisation.
 */
export const AUDIT_LOG_COUNT_CAP = 1000;
export const MAIL_OUTBOX_PAGE_SIZE = 10;
/** The outbox keeps every e-mail ever queued: its count stops here too ('1000+'). */
export const MAIL_OUTBOX_COUNT_CAP = 1000;
/** The most rows one page request may ask for, on every paged list. */
export const MAX_PAGE_SIZE = 100;

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
  'access_granted',
  'case_request',
  'request_overdue',
  'treatment_gap',
  'reduction',
  'payment',
  'referral',
  'visit_no_show',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Sign-in throttling (README, 'Sign-in throttling'). Failures inside the window are counted per
 * (account, source address) and per source address; past a budget's free failures each next try
 * waits a delay that doubles from `firstDelaySeconds` up to `maxDelaySeconds`. Nothing refuses an
 * account from every address, so nobody elsewhere can lock a user out.
 */
export const LOGIN_LIMITS = {
  windowHours: 24,
  perAccountAndAddress: { freeFailures: 5, firstDelaySeconds: 60, maxDelaySeconds: 3_600 },
  /** Much larger: a clinic office behind one NAT keeps working while a scanner is slowed. */
  perAddress: { freeFailures: 200, firstDelaySeconds: 60, maxDelaySeconds: 3_600 },
  /** Failures on one account, from any addresses, inside the window that e-mail its owner. */
  alertAfterFailures: 10,
  /** At most one such e-mail per account in this many minutes. */
  alertIntervalMinutes: 60,
} as const;

/** The password every seeded demo account shares (README, 'Demo logins'). */
export const DEMO_PASSWORD = 'demo-password-2026';

export const MIN_PASSWORD_LENGTH = 12;
