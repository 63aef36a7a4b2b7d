import type { AssignableRole, Role } from './roles.ts';

/**
 * What an actor may do. Every API route names one of these (or `public`), and the web app
 * asks the same table to decide which controls to show.
 */
export const CAPABILITIES = [
  'session',
  'patients:read',
  'patients:create',
  'patients:update-status',
  'patients:edit-demographics',
  'patients:assign-organizations',
  'documents:upload',
  'billing:create',
  'billing:edit',
  'billing:void',
  'messages:send',
  'notifications:own',
  'directory:read',
  'organizations:manage',
  'admin:users',
  'admin:templates',
  'admin:audit',
  'admin:settings',
  'admin:tools',
  'admin:access-requests',
  'admin:mail',
  'admin:access-grants',
  /**
   * Read-only views of the deployment, for administrators and monitoring: this instance's
   * Prometheus metrics (GET /api/metrics) and the System page (GET /api/admin/system).
   */
  'admin:metrics',
  // The three-party workflow (docs/architecture/three-party-workflow.md).
  'requests:read',
  'requests:create',
  'requests:respond',
  'gaps:configure',
  'liens:read',
  'liens:record-payment',
  'reductions:negotiate',
  'settlements:manage',
  /** A patient's case facts: accident, insurers, the firm's case number and the legal stage. */
  'case-facts:read',
  'case-facts:edit',
  /**
   * Referrals between organisations (docs/architecture/referrals.md): reading the ones the
   * organisation sent or received, sending one, and answering one as the receiving clinic.
   */
  'referrals:read',
  'referrals:create',
  'referrals:respond',
  /** A patient's visits: every party reads them; the patient's clinics and admins keep them. */
  'visits:read',
  'visits:edit',
  /**
   * Case updates owed (docs/architecture/case-updates.md): the firm posts them, its clinics and
   * lienholders ask for one, the firm sets how often it owes one.
   */
  'case-updates:post',
  'case-updates:request',
  'case-updates:configure',
  // Integrations (docs/architecture/integrations.md).
  'admin:api-tokens',
  'webhooks:manage',
  /** An organisation's own reference for a patient (PUT/DELETE /patients/:id/external-id). */
  'patients:external-ids',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const EVERY_SIGNED_IN_USER: readonly Capability[] = [
  'session',
  'patients:read',
  'messages:send',
  'notifications:own',
  'directory:read',
];

const CLINIC_WORK: readonly Capability[] = [
  'patients:create',
  'patients:update-status',
  'patients:edit-demographics',
  'documents:upload',
  'billing:create',
  'billing:edit',
  'billing:void',
  'visits:edit',
];

/**
 * Reading requests, liens, case facts and visits, and keeping the organisation's own reference for a
 * patient: the three parties and administrators, not a patient's contact.
 */
const CASE_WORK_READ: readonly Capability[] = [
  'requests:read',
  'liens:read',
  'patients:external-ids',
  'case-facts:read',
  'visits:read',
];

/**
 * What only the party itself may do, administrators included: a lienholder records
 * its own payments and a firm keeps its own settlement worksheet; a reduction is negotiated
 * between the firm and the lienholder.
 */
const PARTY_ONLY: readonly Capability[] = [
  'liens:record-payment',
  'reductions:negotiate',
  'settlements:manage',
  // An update is asked for by the patient's own clinics and lienholders; an admin posts one.
  'case-updates:request',
  // A referral is seen only by the organisation that sent it and the clinic that received it.
  'referrals:read',
  'referrals:create',
  'referrals:respond',
];

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES.filter((capability) => !PARTY_ONLY.includes(capability)),
  clinic: [
    ...EVERY_SIGNED_IN_USER,
    ...CLINIC_WORK,
    ...CASE_WORK_READ,
    'requests:respond',
    'gaps:configure',
    'referrals:read',
    'referrals:create',
    'referrals:respond',
    'case-updates:request',
    'webhooks:manage',
  ],
  attorney: [
    ...EVERY_SIGNED_IN_USER,
    ...CASE_WORK_READ,
    'requests:create',
    'reductions:negotiate',
    'settlements:manage',
    'case-facts:edit',
    'referrals:read',
    'referrals:create',
    'case-updates:post',
    'case-updates:configure',
    'webhooks:manage',
  ],
  lienholder: [
    ...EVERY_SIGNED_IN_USER,
    ...CASE_WORK_READ,
    'requests:create',
    'liens:record-payment',
    'reductions:negotiate',
    'case-updates:request',
    'webhooks:manage',
  ],
  contact: EVERY_SIGNED_IN_USER,
};

export function hasCapability(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/**
 * What a machine API token may never hold: what only makes sense in a person's browser
 * session ('session' itself, which opens sign-in, second-factor, session and password routes and
 * the live event stream; 'notifications:own', a person's inbox), and whatever mints or
 * empowers people or tokens ('admin:users', 'admin:access-requests', whose approval creates a
 * user, 'admin:access-grants', which opens patients' records to a person, 'admin:settings', which
 * sets people's session and second-factor rules, and 'admin:api-tokens' itself): a person
 * decides those, never a machine.
 */
export const TOKEN_EXCLUDED_CAPABILITIES: readonly Capability[] = [
  'session',
  'notifications:own',
  'admin:users',
  'admin:access-requests',
  'admin:access-grants',
  'admin:settings',
  'admin:api-tokens',
];

/**
 * The one definition of what a token of a role may hold: the role's capabilities less those a
 * token may never hold. A token's own list is a non-empty subset of it (api-tokens/api-token.schemas.ts).
 */
export const TOKEN_CAPABILITIES: Record<AssignableRole, readonly Capability[]> = {
  admin: tokenCapabilitiesOf('admin'),
  clinic: tokenCapabilitiesOf('clinic'),
  attorney: tokenCapabilitiesOf('attorney'),
  lienholder: tokenCapabilitiesOf('lienholder'),
};

function tokenCapabilitiesOf(role: AssignableRole): readonly Capability[] {
  return ROLE_CAPABILITIES[role].filter(
    (capability) => !TOKEN_EXCLUDED_CAPABILITIES.includes(capability),
  );
}

/** Who is asking: a role and, for a request authenticated by an API token, that token's list. */
export type CapabilityHolder = {
  role: Role;
  token?: { capabilities: readonly string[] } | null | undefined;
};

/**
 * THE rule of whether an actor may use a capability: its role must allow it and, for a token,
 * the token must hold it too and be allowed to hold it (a list written before a rule change
 * cannot widen what a token does). The server's access hook asks this for every route.
 */
export function actorMayUse(holder: CapabilityHolder, capability: Capability): boolean {
  if (!hasCapability(holder.role, capability)) return false;
  if (!holder.token) return true;
  return (
    !TOKEN_EXCLUDED_CAPABILITIES.includes(capability) &&
    holder.token.capabilities.includes(capability)
  );
}
