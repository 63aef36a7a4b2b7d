import type { TErrorBody, TErrorDetail } from './errors.ts';

// Free of zod (ADR 0015): the browser's API client and every page read these, and a page should
// not download a schema library to show an error. errors.ts re-exports them.

/** User-facing messages the spec fixes word for word, plus the ones CaseBridge adds. */
export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Failed to log in',
  logoutFailed: 'Failed to log out',
  loginSucceeded: 'Signed in successfully',
  passwordRequired: 'Please enter your password',
  logoutSucceeded: 'Signed out successfully',
  sessionExpired: 'Your session has expired. Please sign in again.',
  secondFactorRequired: 'Enter the code from your authenticator app to continue.',
  mfaEnrolmentRequired: 'Set up two-step verification to continue.',
  accountInactive: 'This account has been deactivated. Please contact your administrator.',
  accountPendingApproval: 'This account is awaiting administrator approval.',
  profileMissingRole: 'User account is not properly configured. Please contact support.',
  profileNotFound: 'User profile not found. Please contact support to set up your account.',
  profileLoadFailed: 'Failed to load user profile. Please try logging in again.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: "You don't have permission to access this page.",
  notFound: 'Not found',
  internal: 'Something went wrong',
  signupFieldsRequired: 'Please fill out all required fields.',
  signupSucceeded: 'Signup request sent! We will contact you soon.',
  signupConfirmation: "Your request has been received! We'll be in touch soon.",
  signupFailed: 'Failed to send signup request. Please try again.',
  networkError: 'Network error. Please try again.',
} as const;

/** The answer to a throttled attempt, rounded up to whole minutes (README, 'Sign-in throttling'). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * `ZErrorBody.safeParse(payload).data`, or null when the payload is not an error body, without
 * zod: the browser's API client reads every failed answer with it. errors.test.ts holds the two
 * to the same result.
 */
export function readErrorBody(payload: unknown): TErrorBody | null {
  if (!isRecord(payload)) return null;
  const error = payload.error;
  if (!isRecord(error)) return null;
  const { code, message } = error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (error.details === undefined) return { error: { code, message } };
  const details = readErrorDetails(error.details);
  return details ? { error: { code, message, details } } : null;
}

const DETAIL_LOCATIONS: ReadonlySet<unknown> = new Set(['body', 'query', 'params', 'headers']);

function readErrorDetails(value: unknown): TErrorDetail[] | null {
  if (!Array.isArray(value)) return null;
  const details: TErrorDetail[] = [];
  for (const item of value) {
    if (!isRecord(item)) return null;
    const { field, location, message } = item;
    if (typeof field !== 'string' || typeof message !== 'string') return null;
    if (!DETAIL_LOCATIONS.has(location)) return null;
    details.push({ field, location: location as TErrorDetail['location'], message });
  }
  return details;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
