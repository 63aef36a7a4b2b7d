import { z } from 'zod';

/** Error codes the API answers with, and the HTTP status each maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  /** Signed in with the password; the second factor is still to be given (modules/mfa). */
  SECOND_FACTOR_REQUIRED: 401,
  /** 'Require MFA' names the user's role and no second factor is set up yet. */
  MFA_ENROLMENT_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

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
