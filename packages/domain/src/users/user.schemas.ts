import { z } from 'zod';
import { ZOrganizationRef } from '../auth/auth.schemas.ts';
import { cursorPage, cursorQuery, requiredLine } from '../common.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import { USERS_PAGE_SIZE } from '../constants.ts';
import { newPasswordField, PASSWORD_MESSAGES, ZNewPasswordForm } from '../auth/password.schemas.ts';
import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  ROLES,
  roleNeedsOrganization,
  type AssignableRole,
} from '../roles.ts';
import { ZInvitationDelivery } from './invitation-delivery.ts';

/** How long an invitation link works (ADR 0005: single-use, time-limited). */
export const INVITATION_TTL_HOURS = 72;

/** Texts of spec sections 5 and 8 for users, plus the invitation flow's own. */
export const USER_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  organizationRequired: 'Please select an associated organization',
  organizationMismatch: 'The selected organization does not match the role',
  createFailed: 'Failed to create user',
  emailTaken: 'A user with this email already exists',
  cannotChangeSelf: 'You cannot deactivate or unapprove your own account',
  cannotChangeOwnRole: 'You cannot change your own role or organization',
  updated: 'User updated',
  invitationInvalid: 'This invitation link is invalid or has already been used.',
  invitationExpired:
    'This invitation link has expired. Please ask your administrator for a new one.',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordsDoNotMatch: PASSWORD_MESSAGES.doNotMatch,
  passwordSet: 'Your password has been set. You can now sign in.',
  alreadyHasPassword: 'This user has already set a password',
  inactiveUser: 'This user is deactivated',
} as const;

/** '{Role} user created successfully' (spec section 8). */
export function getUserCreatedMessage(role: AssignableRole): string {
  return `${ROLE_LABELS[role]} user created successfully`;
}

/** A role and its organisation, as Add New User and access-request approval both take them. */
export const ROLE_ORGANIZATION_FIELDS = {
  role: z.enum(ASSIGNABLE_ROLES, { message: USER_MESSAGES.requiredFields }),
  organizationId: z.uuid({ message: USER_MESSAGES.organizationRequired }).nullish(),
};

type RoleOrganization = { role: AssignableRole; organizationId?: string | null | undefined };

/** The role-needs-organisation check (`roleNeedsOrganization`), as a refinement of a schema. */
export function checkRoleOrganization<T extends RoleOrganization>(
  value: T,
  context: z.core.$RefinementCtx<T>,
): void {
  if (roleNeedsOrganization(value.role) && !value.organizationId) {
    context.addIssue({
      code: 'custom',
      path: ['organizationId'],
      message: USER_MESSAGES.organizationRequired,
    });
  }
}

/** The organisation stored for the role: none for a role without one, whatever was sent. */
export function getRoleOrganizationId(value: RoleOrganization): string | null {
  return roleNeedsOrganization(value.role) ? (value.organizationId ?? null) : null;
}

/** A user's fields as Add New User takes them (Edit User re-checks name, role, organisation). */
const USER_FIELDS = {
  name: requiredLine(USER_MESSAGES.requiredFields, 200),
  email: z
    .string({ message: USER_MESSAGES.requiredFields })
    .trim()
    .toLowerCase()
    .min(1, USER_MESSAGES.requiredFields)
    .max(320)
    .check(z.email(USER_MESSAGES.invalidEmail)),
  ...ROLE_ORGANIZATION_FIELDS,
};

/** Add New User, checked in the spec's order: name and e-mail, e-mail format, organisation. */
export const ZCreateUserRequest = z
  .object(USER_FIELDS)
  .superRefine(checkRoleOrganization)
  .transform((value) => ({ ...value, organizationId: getRoleOrganizationId(value) }));
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;
export type TCreateUserParsed = z.output<typeof ZCreateUserRequest>;

export const ZAdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  organization: ZOrganizationRef.nullable(),
  active: z.boolean(),
  /** False while 'Require approval for new users' holds the account back. */
  approved: z.boolean(),
  /** False until the user has set a password through the invitation link. */
  hasPassword: z.boolean(),
  /** Whether two-step verification is on (an admin may reset it: modules/mfa). */
  hasSecondFactor: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The newest invitation e-mail's delivery; null when none was queued (seeded accounts). */
  invitation: ZInvitationDelivery.nullable(),
  ...versionFields,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZListUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** `cursor`: the id of the last user already shown; the page holds those after it. */
  ...cursorQuery({ default: USERS_PAGE_SIZE }, z.string().min(1).max(200)),
});
export type TListUsersQuery = z.input<typeof ZListUsersQuery>;
export type TListUsersParsed = z.output<typeof ZListUsersQuery>;

export const ZUserPage = cursorPage(ZAdminUser, {
  /** The users matching, counted up to USERS_COUNT_CAP. */
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});
export type TUserPage = z.infer<typeof ZUserPage>;

/**
 * Activate, deactivate or approve: the account's flags, nothing else in the same body but the
 * version it was made from.
 */
export const ZUserFlagsRequest = z
  .object({ active: z.boolean().optional(), approved: z.boolean().optional(), ...versionInput })
  .strict()
  .refine((value) => value.active !== undefined || value.approved !== undefined, {
    message: 'Nothing to update',
    // An edit's body is not a flags body: let the edit's own message answer (below).
    abort: true,
  });
export type TUserFlagsRequest = z.infer<typeof ZUserFlagsRequest>;

/** Edit User's fields: name, role and organisation, checked as Add New User checks them. */
const USER_PROFILE_FIELDS = { name: USER_FIELDS.name, ...ROLE_ORGANIZATION_FIELDS };
const ZUserProfile = z.object(USER_PROFILE_FIELDS).superRefine(checkRoleOrganization);

const toUserProfile = (value: z.output<typeof ZUserProfile>) => ({
  ...value,
  organizationId: getRoleOrganizationId(value),
});

/** Edit User: the organisation stored only for a role that has one. */
export const ZEditUserRequest = ZUserProfile.transform(toUserProfile);
export type TEditUserRequest = z.input<typeof ZEditUserRequest>;
export type TEditUserParsed = z.output<typeof ZEditUserRequest>;

/**
 * PATCH a user: its flags, or its name, role and organisation, from the version named by
 * `If-Match` or `version`. The union holds the schemas before their transform, so an invalid
 * edit answers with its own message (zod reports the one alternative that got past its types),
 * and the edit is transformed after.
 */
export const ZUpdateUserRequest = z
  .union([
    ZUserFlagsRequest,
    z.object({ ...USER_PROFILE_FIELDS, ...versionInput }).superRefine(checkRoleOrganization),
  ])
  // Typed, or the edit (assignable to the all-optional flags) would vanish from the union.
  .transform((value): TUserFlagsRequest | (TEditUserParsed & { version?: number | undefined }) =>
    'role' in value ? { ...toUserProfile(value), version: value.version } : value,
  );
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;
export type TUpdateUserParsed = z.output<typeof ZUpdateUserRequest>;

const ZInvitationToken = z.string().trim().min(20).max(200);

export const ZInvitationLookupRequest = z.object({ token: ZInvitationToken });

export const ZInvitationInfo = z.object({
  name: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

export const ZAcceptInvitationRequest = z.object({
  token: ZInvitationToken,
  password: newPasswordField(),
});
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

/**
 * The 'Set Password' form: the request's password, typed twice (the token comes from the link).
 * The two are compared once the password itself is acceptable.
 */
export const ZAcceptInvitationForm = ZNewPasswordForm;
export type TAcceptInvitationForm = z.infer<typeof ZAcceptInvitationForm>;
