import { z } from 'zod';
import { SESSION_TIMEOUT_MINUTES, UPLOAD_LIMIT_MB } from '../constants.ts';
import { ZRequireMfaRoles } from '../mfa/mfa.schemas.ts';
import { versionFields } from '../versioning/versioning.ts';

/** The messages of the two ranges of spec section 9, each naming its field and limits. */
export const SETTINGS_RANGE_MESSAGES = {
  maxUploadMb: `Maximum upload size must be a whole number from ${UPLOAD_LIMIT_MB.min} to ${UPLOAD_LIMIT_MB.max} MB`,
  sessionTimeoutMinutes: `Session timeout must be a whole number from ${SESSION_TIMEOUT_MINUTES.min} to ${SESSION_TIMEOUT_MINUTES.max} minutes`,
} as const;

const wholeNumberIn = (range: { min: number; max: number }, message: string) =>
  z.number({ message }).int(message).min(range.min, message).max(range.max, message);

export const ZSettings = z.object({
  maxUploadMb: wholeNumberIn(UPLOAD_LIMIT_MB, SETTINGS_RANGE_MESSAGES.maxUploadMb),
  sessionTimeoutMinutes: wholeNumberIn(
    SESSION_TIMEOUT_MINUTES,
    SETTINGS_RANGE_MESSAGES.sessionTimeoutMinutes,
  ),
  allowClinicPatientCreation: z.boolean(),
  requireUserApproval: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  smsNotificationsEnabled: z.boolean(),
  detailedEmailContent: z.boolean(),
  /** 'Require MFA': the roles that must sign in with a second factor; every role = all users. */
  requireMfaRoles: ZRequireMfaRoles,
});
export type TSettings = z.infer<typeof ZSettings>;

/** The settings as the admin reads and edits them: with their version (one row, one version). */
export const ZSettingsRecord = ZSettings.extend(versionFields);
export type TSettingsRecord = z.infer<typeof ZSettingsRecord>;

/** Spec section 9 defaults; SMS stays off because no SMS provider exists (docs/architecture.md D7). */
export const DEFAULT_SETTINGS: TSettings = {
  maxUploadMb: UPLOAD_LIMIT_MB.default,
  sessionTimeoutMinutes: SESSION_TIMEOUT_MINUTES.default,
  allowClinicPatientCreation: true,
  requireUserApproval: false,
  emailNotificationsEnabled: true,
  smsNotificationsEnabled: false,
  detailedEmailContent: false,
  requireMfaRoles: [],
};
