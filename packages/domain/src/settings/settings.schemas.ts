import { z } from 'zod';
import { SESSION_TIMEOUT_MINUTES, UPLOAD_LIMIT_MB } from '../constants.ts';

export const ZSettings = z.object({
  maxUploadMb: z.number().int().min(UPLOAD_LIMIT_MB.min).max(UPLOAD_LIMIT_MB.max),
  sessionTimeoutMinutes: z
    .number()
    .int()
    .min(SESSION_TIMEOUT_MINUTES.min)
    .max(SESSION_TIMEOUT_MINUTES.max),
  allowClinicPatientCreation: z.boolean(),
  requireUserApproval: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  smsNotificationsEnabled: z.boolean(),
  detailedEmailContent: z.boolean(),
});
export type TSettings = z.infer<typeof ZSettings>;

/** Spec section 9 defaults; SMS stays off because no SMS provider exists (docs/architecture.md D7). */
export const DEFAULT_SETTINGS: TSettings = {
  maxUploadMb: UPLOAD_LIMIT_MB.default,
  sessionTimeoutMinutes: SESSION_TIMEOUT_MINUTES.default,
  allowClinicPatientCreation: true,
  requireUserApproval: false,
  emailNotificationsEnabled: true,
  smsNotificationsEnabled: false,
  detailedEmailContent: false,
};
