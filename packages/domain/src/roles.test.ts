import { describe, expect, it } from 'vitest';
import {
  getDashboardPath,
  getRoleEmailLabel,
  isRole,
  ROLE_DESCRIPTIONS,
  ROLE_ORGANIZATION_KIND,
  roleNeedsOrganization,
  ROLES,
  SIGNUP_ROLES,
} from './roles.ts';

describe('getRoleEmailLabel (spec section 6, role labels in e-mail)', () => {
  it.each([
    ['clinic', 'Clinic Staff'],
    ['attorney', 'Attorney'],
    ['lienholder', 'Lienholder'],
    ['admin', 'Administrator'],
    ['contact', 'User'],
    ['other', 'User'],
    ['', 'User'],
  ])('%s reads %s', (role, label) => {
    expect(getRoleEmailLabel(role)).toBe(label);
  });
});

describe('getDashboardPath (spec section 2)', () => {
  it.each([
    ['clinic', '/dashboard/clinic'],
    ['attorney', '/dashboard/firm'],
    ['lienholder', '/dashboard/lienholder'],
    ['admin', '/dashboard/admin'],
    ['contact', '/unauthorized'],
  ] as const)('sends %s to %s', (role, path) => {
    expect(getDashboardPath(role)).toBe(path);
  });
});

describe('roles', () => {
  it('offers the five signup roles of spec section 5', () => {
    expect(SIGNUP_ROLES).toEqual(['clinic', 'attorney', 'lienholder', 'admin', 'other']);
  });

  it('recognises the roles of spec section 6 and nothing else', () => {
    expect(['clinic', 'attorney', 'lienholder', 'admin', 'contact'].every(isRole)).toBe(true);
    expect(isRole('other')).toBe(false);
    expect(isRole('Admin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it('ties clinic, attorney and lienholder users to their organisation kind, admins to none', () => {
    expect(ROLE_ORGANIZATION_KIND).toEqual({
      clinic: 'clinic',
      attorney: 'firm',
      lienholder: 'lienholder',
      admin: null,
      contact: null,
    });
  });

  it('requires an organisation of clinic, attorney and lienholder users only', () => {
    expect(ROLES.filter(roleNeedsOrganization)).toEqual(['clinic', 'attorney', 'lienholder']);
  });

  it('describes the roles in the Add User form as the spec does', () => {
    expect(ROLE_DESCRIPTIONS).toEqual({
      clinic: 'Can manage patients and view referrals',
      attorney: 'Can view firm patients and documents',
      lienholder: 'Can view patients and billing',
      admin: 'Full access and user management',
    });
  });
});
