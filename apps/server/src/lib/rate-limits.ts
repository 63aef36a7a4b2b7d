/** Per-IP limits on the public endpoints, shared by every instance (lib/rate-limit-backend.ts). */
export const PUBLIC_RATE_LIMITS = {
  login: { max: 300, timeWindow: '1 minute' },
  accessRequest: { max: 20, timeWindow: '10 minutes' },
  invitation: { max: 60, timeWindow: '1 minute' },
  passwordResetRequest: { max: 30, timeWindow: '15 minutes' },
  passwordReset: { max: 30, timeWindow: '15 minutes' },
} as const;

/**
 * Per-account limits on signed-in requests that check a password, keyed by the user (the actor is
 * resolved before the limit counts), so that guessing a current password stays slow.
 */
export const ACCOUNT_RATE_LIMITS = {
  passwordChange: { max: 10, timeWindow: '15 minutes' },
} as const;
