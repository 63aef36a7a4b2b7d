import { z } from 'zod';
import { emailField } from '../common.schemas.ts';
import { MESSAGES } from '../errors.ts';
import { SECOND_FACTOR_STATES } from '../mfa/mfa.schemas.ts';
import { ORGANIZATION_KINDS, ROLES } from '../roles.ts';

/** Sign in (spec section 5): e-mail and password are both required. */
export const ZLoginRequest = z.object({
  email: emailField(),
  password: z
    .string({ message: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZOrganizationRef = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(ORGANIZATION_KINDS),
});
export type TOrganizationRef = z.infer<typeof ZOrganizationRef>;

export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ROLES),
  organization: ZOrganizationRef.nullable(),
  createdAt: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({
  user: ZSessionUser,
  /** Idle minutes after which the server ends the session. */
  idleTimeoutMinutes: z.number().int(),
  /** Whether this user may add patients now (role and the 'Allow Clinic Patient Creation' setting). */
  canCreatePatients: z.boolean(),
  /** Whether this session may open the app, or must first give its second factor or enrol. */
  secondFactor: z.enum(SECOND_FACTOR_STATES),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;
