import type { Role } from './roles.ts';

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
];

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  clinic: [...EVERY_SIGNED_IN_USER, ...CLINIC_WORK],
  attorney: EVERY_SIGNED_IN_USER,
  lienholder: EVERY_SIGNED_IN_USER,
  contact: EVERY_SIGNED_IN_USER,
};

export function hasCapability(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}
