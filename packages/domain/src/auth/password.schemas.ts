import { z } from 'zod';
import { emailField } from '../common.schemas.ts';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';

/**
 * NIST SP 800-63B: at least MIN_PASSWORD_LENGTH characters, a generous maximum so that long
 * passphrases fit, and no composition rules. The server also refuses common and breached
 * passwords and the account's own e-mail address (apps/server/src/auth/password-policy.ts).
 */
export const MAX_PASSWORD_LENGTH = 128;

/** How long a password reset link works; it works once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  tooCommon: 'This password is too common — choose another.',
  sameAsEmail: 'Your password must not be your e-mail address — choose another.',
  sameAsCurrent: 'Your new password must differ from your current one.',
  doNotMatch: 'Passwords do not match',
  currentRequired: 'Enter your current password',
  currentWrong: 'Your current password is not correct.',
  changed: 'Your password has been changed. Your other sessions were signed out.',
  hint: `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong password; common passwords are refused.`,
  resetLinkInvalid: 'This reset link has expired or was already used. Ask for a new one.',
  resetRequested: `If an active account uses this address, a link to reset its password is on its way. It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  resetDone: 'Your password has been reset. Sign in with your new password.',
} as const;

/** A password being chosen (invitation, change, reset): the length rules; no composition rules. */
export function newPasswordField() {
  return z
    .string({ message: PASSWORD_MESSAGES.tooShort })
    .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong);
}

/**
 * The check of a form where the new password is typed twice: compared once every other field
 * passes, the mismatch shown under the confirmation.
 */
export const CONFIRMATION_CHECK = {
  path: ['confirmation'],
  message: PASSWORD_MESSAGES.doNotMatch,
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** Security page, 'Change password'. */
export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ message: PASSWORD_MESSAGES.currentRequired })
    .min(1, PASSWORD_MESSAGES.currentRequired)
    .max(1024),
  newPassword: newPasswordField(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmation: z.string(),
}).refine((value) => value.newPassword === value.confirmation, CONFIRMATION_CHECK);
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/** 'Forgot password?': the address to send a link to. */
export const ZPasswordResetLinkRequest = z.object({ email: emailField() });
export type TPasswordResetLinkRequest = z.infer<typeof ZPasswordResetLinkRequest>;

/** The one answer to a reset request, whether or not the address has an account. */
export const ZPasswordResetLinkAnswer = z.object({ message: z.string() });
export type TPasswordResetLinkAnswer = z.infer<typeof ZPasswordResetLinkAnswer>;

/** The reset page: the token from the link and the new password. */
export const ZResetPasswordRequest = z.object({
  token: z.string().trim().min(20).max(200),
  password: newPasswordField(),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** A new password typed twice: the reset page and the invitation's 'Set Password'. */
export const ZNewPasswordForm = z
  .object({ password: newPasswordField(), confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, CONFIRMATION_CHECK);
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;
