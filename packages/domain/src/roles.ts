/** Roles of spec section 6. `contact` exists only for patient visibility. */
export const ROLES = ['clinic', 'attorney', 'lienholder', 'admin', 'contact'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an administrator can give to a user account. */
export const ASSIGNABLE_ROLES = ['clinic', 'attorney', 'lienholder', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Roles offered on the public access-request form. 'other' is a request only (docs/architecture.md D8). */
export const SIGNUP_ROLES = ['clinic', 'attorney', 'lienholder', 'admin', 'other'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const ORGANIZATION_KINDS = ['clinic', 'firm', 'lienholder'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

/** Which organisation kind a role belongs to; admins and contacts belong to none. */
export const ROLE_ORGANIZATION_KIND: Record<Role, OrganizationKind | null> = {
  clinic: 'clinic',
  attorney: 'firm',
  lienholder: 'lienholder',
  admin: null,
  contact: null,
};

/**
 * Whether a user of the role must belong to an organisation: clinic, attorney and lienholder
 * users do (of the kind above), admins and contacts do not. Add New User and access-request
 * approval check it through `checkRoleOrganization` (users/user.schemas.ts), on both sides.
 */
export function roleNeedsOrganization(role: Role): boolean {
  return ROLE_ORGANIZATION_KIND[role] !== null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role labels used in e-mails (spec section 6). */
export function getRoleEmailLabel(role: string): string {
  switch (role) {
    case 'clinic':
      return 'Clinic Staff';
    case 'attorney':
      return 'Attorney';
    case 'lienholder':
      return 'Lienholder';
    case 'admin':
      return 'Administrator';
    default:
      return 'User';
  }
}

/** Human labels for role pickers. */
export const ROLE_LABELS: Record<SignupRole | Role, string> = {
  clinic: 'Clinic',
  attorney: 'Attorney',
  lienholder: 'Lienholder',
  admin: 'Admin',
  contact: 'Contact',
  other: 'Other',
};

/** Role descriptions shown in the Add User form (spec section 6). */
export const ROLE_DESCRIPTIONS: Record<AssignableRole, string> = {
  clinic: 'Can manage patients and view referrals',
  attorney: 'Can view firm patients and documents',
  lienholder: 'Can view patients and billing',
  admin: 'Full access and user management',
};

export const DASHBOARD_PATHS = {
  clinic: '/dashboard/clinic',
  attorney: '/dashboard/firm',
  lienholder: '/dashboard/lienholder',
  admin: '/dashboard/admin',
} as const;

/** The dashboard a role lands on; a contact has no dashboard of its own. */
export function getDashboardPath(role: Role): string {
  return role === 'contact' ? '/unauthorized' : DASHBOARD_PATHS[role];
}
