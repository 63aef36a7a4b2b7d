import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { describe, expect, it } from 'vitest';
import { filterOrganizations, groupByKind } from './filter-organizations.ts';

const org = (overrides: Partial<TOrganization>): TOrganization => ({
  id: crypto.randomUUID(),
  kind: 'clinic',
  name: 'Name',
  slug: 'Name',
  address: null,
  phone: null,
  email: null,
  description: null,
  specialties: [],
  practiceAreas: [],
  lienholderType: null,
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
  ...overrides,
});

const ITEMS = [
  org({
    name: 'Harbor Physical Therapy',
    email: 'frontdesk@harborpt.example',
    description: 'Rehab',
  }),
  org({ kind: 'firm', name: 'Castillo Legal Group', email: 'cases@castillolegal.example' }),
  org({
    kind: 'lienholder',
    name: 'MedLien',
    description: 'Medical LIEN funding',
    address: 'Harbor Rd',
  }),
];

describe('filterOrganizations', () => {
  it('matches name, e-mail or description, ignoring case and surrounding spaces', () => {
    expect(filterOrganizations(ITEMS, '  HARBOR ').map((item) => item.name)).toEqual([
      'Harbor Physical Therapy',
    ]);
    expect(filterOrganizations(ITEMS, 'CastilloLegal.example').map((item) => item.name)).toEqual([
      'Castillo Legal Group',
    ]);
    expect(filterOrganizations(ITEMS, 'lien funding').map((item) => item.name)).toEqual([
      'MedLien',
    ]);
  });

  it('does not match other fields such as the address', () => {
    expect(filterOrganizations(ITEMS, 'Harbor Rd')).toEqual([]);
  });

  it('returns everything for a blank search', () => {
    expect(filterOrganizations(ITEMS, '   ')).toHaveLength(3);
  });

  it('groups by kind for the tab counts', () => {
    const groups = groupByKind(ITEMS);
    expect([groups.clinic.length, groups.firm.length, groups.lienholder.length]).toEqual([1, 1, 1]);
  });
});
