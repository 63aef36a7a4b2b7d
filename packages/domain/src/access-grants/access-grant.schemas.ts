import { z } from 'zod';
import { ZCorrectionReason } from '../history/record-history.schemas.ts';
import { ZRecordIdParam } from '../record-id.ts';

/**
 * Emergency and temporary access: an admin lets one named clinic, attorney
 * or lienholder user see one patient outside their scope for a limited time, with a reason. The
 * grant widens that user's patient scope in SQL until it expires or is revoked.
 */

/** The roles a grant can be given to: those whose scope is an organisation's patients. */
export const ACCESS_GRANT_ROLES = ['clinic', 'attorney', 'lienholder'] as const;

/** The durations offered, in hours: from one hour to seven days. */
export const ACCESS_GRANT_DURATIONS = [
  { hours: 1, label: '1 hour' },
  { hours: 4, label: '4 hours' },
  { hours: 8, label: '8 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;
export const MIN_ACCESS_GRANT_HOURS = 1;
export const MAX_ACCESS_GRANT_HOURS = 168;

export const ACCESS_GRANT_TEXTS = {
  chooseUser: 'Choose the user who needs access',
  chooseDuration: 'Choose a duration between 1 hour and 7 days',
  granted: 'Temporary access granted',
  revoked: 'Temporary access revoked',
  grantFailed: 'Failed to grant access',
  revokeFailed: 'Failed to revoke access',
  notEligible: 'Temporary access can be granted to an active clinic, attorney or lienholder user',
  alreadyInScope: 'This user can already see this patient',
  alreadyGranted: 'This user already has temporary access to this patient; revoke it first',
  alreadyEnded: 'This access has already ended',
} as const;

export const ZGrantAccessRequest = z.object({
  userId: z
    .string({ message: ACCESS_GRANT_TEXTS.chooseUser })
    .trim()
    .min(1, ACCESS_GRANT_TEXTS.chooseUser)
    .max(64),
  durationHours: z.coerce
    .number({ message: ACCESS_GRANT_TEXTS.chooseDuration })
    .int(ACCESS_GRANT_TEXTS.chooseDuration)
    .min(MIN_ACCESS_GRANT_HOURS, ACCESS_GRANT_TEXTS.chooseDuration)
    .max(MAX_ACCESS_GRANT_HOURS, ACCESS_GRANT_TEXTS.chooseDuration),
  reason: ZCorrectionReason,
});
export type TGrantAccessRequest = z.infer<typeof ZGrantAccessRequest>;

export const ZAccessGrant = z.object({
  id: z.string(),
  patientId: z.string(),
  userId: z.string(),
  userName: z.string(),
  userRole: z.enum(ACCESS_GRANT_ROLES),
  organizationName: z.string().nullable(),
  reason: z.string(),
  expiresAt: z.string(),
  grantedByName: z.string(),
  createdAt: z.string(),
});
export type TAccessGrant = z.infer<typeof ZAccessGrant>;

export const ZAccessGrantList = z.object({ items: z.array(ZAccessGrant) });
export type TAccessGrantList = z.infer<typeof ZAccessGrantList>;

/** A user an admin may grant access to: outside the patient's scope, without an active grant. */
export const ZAccessGrantCandidate = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ACCESS_GRANT_ROLES),
  organizationName: z.string().nullable(),
});
export type TAccessGrantCandidate = z.infer<typeof ZAccessGrantCandidate>;
export const ZAccessGrantCandidateList = z.object({ items: z.array(ZAccessGrantCandidate) });

export const ZAccessGrantParams = z.object({ patientId: ZRecordIdParam, grantId: ZRecordIdParam });

/** The audit note on every row a grantee's use of the grant writes (audited as such). */
export function accessGrantAuditNote(grant: { id: string; reason: string }): string {
  return `via emergency access grant ${grant.id}: ${grant.reason}`;
}
