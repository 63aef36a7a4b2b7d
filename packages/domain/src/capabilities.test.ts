import { describe, expect, it } from 'vitest';
import { CAPABILITIES, hasCapability, ROLE_CAPABILITIES, type Capability } from './capabilities.ts';
import { ROLES, type Role } from './roles.ts';

const ADMIN_ONLY: Capability[] = [
  'patients:assign-organizations',
  'organizations:manage',
  'admin:users',
  'admin:templates',
  'admin:audit',
  'admin:settings',
  'admin:tools',
  'admin:access-requests',
  'admin:mail',
  'admin:access-grants',
  'admin:metrics',
  'admin:api-tokens',
];
const CLINIC_AND_ADMIN: Capability[] = [
  'patients:create',
  'patients:update-status',
  'patients:edit-demographics',
  'documents:upload',
  'billing:create',
  'billing:edit',
  'billing:void',
  'visits:edit',
];
const EVERY_SIGNED_IN_USER: Capability[] = [
  'session',
  'patients:read',
  'messages:send',
  'notifications:own',
  'directory:read',
];

const CASE_WORK_READ: Capability[] = [
  'requests:read',
  'liens:read',
  'patients:external-ids',
  'case-facts:read',
  'visits:read',
];

/** Reading and sending referrals: firms and clinics, never administrators. */
const REFERRAL_SENDER: Capability[] = ['referrals:read', 'referrals:create'];

/**
 * Spec section 6 'Capabilities' and the three-party workflow's parties, as the table the code must
 * reproduce.
 */
const EXPECTED: Record<Role, Capability[]> = {
  admin: [
    ...EVERY_SIGNED_IN_USER,
    ...CLINIC_AND_ADMIN,
    ...ADMIN_ONLY,
    ...CASE_WORK_READ,
    'requests:create',
    'requests:respond',
    'gaps:configure',
    'case-facts:edit',
    'case-updates:post',
    'case-updates:configure',
    'webhooks:manage',
  ],
  clinic: [
    ...EVERY_SIGNED_IN_USER,
    ...CLINIC_AND_ADMIN,
    ...CASE_WORK_READ,
    'case-updates:request',
    ...REFERRAL_SENDER,
    'referrals:respond',
    'requests:respond',
    'gaps:configure',
    'webhooks:manage',
  ],
  attorney: [
    ...EVERY_SIGNED_IN_USER,
    ...CASE_WORK_READ,
    'case-updates:post',
    'case-updates:configure',
    'requests:create',
    'reductions:negotiate',
    'settlements:manage',
    'case-facts:edit',
    ...REFERRAL_SENDER,
    'webhooks:manage',
  ],
  lienholder: [
    ...EVERY_SIGNED_IN_USER,
    ...CASE_WORK_READ,
    'case-updates:request',
    'requests:create',
    'liens:record-payment',
    'reductions:negotiate',
    'webhooks:manage',
  ],
  contact: EVERY_SIGNED_IN_USER,
};

describe('capabilities (spec section 6 and the three-party workflow)', () => {
  it('covers every capability in the expected table', () => {
    const everyExpected = new Set(Object.values(EXPECTED).flat());
    expect([...everyExpected].toSorted()).toEqual(CAPABILITIES.toSorted());
  });

  it('keeps payments to lienholders and settlement worksheets to firms, administrators included', () => {
    expect(ROLES.filter((role) => hasCapability(role, 'liens:record-payment'))).toEqual([
      'lienholder',
    ]);
    expect(ROLES.filter((role) => hasCapability(role, 'settlements:manage'))).toEqual(['attorney']);
  });

  it('keeps case facts to the firm and administrators to edit, the parties to read', () => {
    expect(ROLES.filter((role) => hasCapability(role, 'case-facts:edit')).toSorted()).toEqual([
      'admin',
      'attorney',
    ]);
    expect(ROLES.filter((role) => hasCapability(role, 'case-facts:read')).toSorted()).toEqual([
      'admin',
      'attorney',
      'clinic',
      'lienholder',
    ]);
  });

  it('keeps referrals to the firms and clinics that send and receive them, never admins', () => {
    expect(ROLES.filter((role) => hasCapability(role, 'referrals:read')).toSorted()).toEqual([
      'attorney',
      'clinic',
    ]);
    expect(ROLES.filter((role) => hasCapability(role, 'referrals:create')).toSorted()).toEqual([
      'attorney',
      'clinic',
    ]);
    expect(ROLES.filter((role) => hasCapability(role, 'referrals:respond'))).toEqual(['clinic']);
  });

  it('keeps visits to the clinics and administrators to edit, the parties to read', () => {
    expect(ROLES.filter((role) => hasCapability(role, 'visits:edit')).toSorted()).toEqual([
      'admin',
      'clinic',
    ]);
    expect(ROLES.filter((role) => hasCapability(role, 'visits:read')).toSorted()).toEqual([
      'admin',
      'attorney',
      'clinic',
      'lienholder',
    ]);
  });

  it('lets the firm post case updates and only the clinics and lienholders ask for one', () => {
    expect(ROLES.filter((role) => hasCapability(role, 'case-updates:post')).toSorted()).toEqual([
      'admin',
      'attorney',
    ]);
    expect(ROLES.filter((role) => hasCapability(role, 'case-updates:request')).toSorted()).toEqual([
      'clinic',
      'lienholder',
    ]);
  });

  for (const role of ROLES) {
    it(`gives ${role} exactly its capabilities`, () => {
      const granted = CAPABILITIES.filter((capability) => hasCapability(role, capability));
      expect(granted.toSorted()).toEqual(EXPECTED[role].toSorted());
      expect(ROLE_CAPABILITIES[role].toSorted()).toEqual(EXPECTED[role].toSorted());
    });
  }

  it('keeps status changes, demographics, uploads and billing to clinic and admin', () => {
    for (const capability of CLINIC_AND_ADMIN) {
      expect(ROLES.filter((role) => hasCapability(role, capability))).toEqual(['clinic', 'admin']);
    }
  });

  it('keeps users, templates, audit logs, settings and tools to admins', () => {
    for (const capability of ADMIN_ONLY) {
      expect(ROLES.filter((role) => hasCapability(role, capability))).toEqual(['admin']);
    }
  });
});
