import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { canEditCaseFacts, canReadCaseFacts } from './case-facts.policy.ts';

const FIRM = 'firm-1';

describe('case facts policy', () => {
  it('lets the parties and administrators read, never a contact', () => {
    expect(ROLES.filter((role) => canReadCaseFacts({ role })).toSorted()).toEqual([
      'admin',
      'attorney',
      'clinic',
      'lienholder',
    ]);
  });

  it("lets the patient's own firm and administrators edit, nobody else", () => {
    const patient = { firmId: FIRM };
    expect(canEditCaseFacts({ role: 'attorney', organizationId: FIRM }, patient)).toBe(true);
    expect(canEditCaseFacts({ role: 'admin', organizationId: null }, patient)).toBe(true);
    expect(canEditCaseFacts({ role: 'attorney', organizationId: 'firm-2' }, patient)).toBe(false);
    expect(canEditCaseFacts({ role: 'attorney', organizationId: FIRM }, { firmId: null })).toBe(
      false,
    );
    for (const role of ['clinic', 'lienholder', 'contact'] as const)
      expect(canEditCaseFacts({ role, organizationId: FIRM }, patient)).toBe(false);
  });
});
