import { z } from 'zod';
import { ROLES } from '../roles.ts';

/**
 * Where a session stands with the second factor: `complete` opens the app; `pending` (signed in
 * with the password, the code not yet given) opens only the second-factor step;
 * `enrolment-required` ('Require MFA' names the user's role, no factor yet) opens only enrolment.
 */
export const SECOND_FACTOR_STATES = ['complete', 'pending', 'enrolment-required'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

/** Ten one-time recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** Failed second-factor attempts allowed per user within the window before 429. */
export const SECOND_FACTOR_THROTTLE = { maxFailures: 5, windowMinutes: 15 } as const;

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'CaseBridge';

export const MFA_MESSAGES = {
  codeRequired: 'Please enter the code',
  invalidCode: 'That code is not valid. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait and try again.',
  verified: 'Verified',
  enrolled: 'Two-step verification is on',
  disabled: 'Two-step verification is off',
  codesRegenerated: 'New recovery codes created',
  alreadyEnrolled: 'Two-step verification is already set up. Turn it off first to set it up again.',
  notEnrolled: 'Two-step verification is not set up.',
  enrolmentNotStarted: 'Start the set-up again to get a new key.',
  nothingToVerify: 'This session needs no verification code.',
  unreadableFactor:
    'Your two-step verification can no longer be checked (the server key changed). Please ask your administrator to reset it.',
  requiredByPolicy:
    'Your administrator requires two-step verification for your role: it cannot be turned off.',
} as const;

/** A code from the authenticator app (6 digits) or a recovery code. */
export const ZSecondFactorCodeRequest = z.object({
  code: z
    .string({ message: MFA_MESSAGES.codeRequired })
    .trim()
    .min(1, MFA_MESSAGES.codeRequired)
    .max(64, MFA_MESSAGES.invalidCode),
});
export type TSecondFactorCodeRequest = z.infer<typeof ZSecondFactorCodeRequest>;

export const ZMfaStatus = z.object({
  isEnrolled: z.boolean(),
  /** Whether 'Require MFA' names this user's role (then it cannot be turned off). */
  isRequired: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

/** A started enrolment: what the authenticator app needs, as a QR code and as typed text. */
export const ZTotpEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

/** Recovery codes in clear: answered once, after confirming enrolment or regenerating. */
export const ZRecoveryCodes = z.object({ codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** 'Require MFA' in the admin settings: the roles that must use a second factor. */
export const ZRequireMfaRoles = z
  .array(z.enum(ROLES))
  .max(ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'Each role may be listed once');
