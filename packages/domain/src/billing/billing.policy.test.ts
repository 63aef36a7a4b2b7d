import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { canEditBillingEntry, canVoidBillingEntry } from './billing.policy.ts';

const HARBOR = '11111111-1111-4111-8111-111111111111';
const SUMMIT = '22222222-2222-4222-8222-222222222222';
const harborLine = { clinicId: HARBOR, voidedAt: null };

describe('billing corrections policy', () => {
  it('lets the clinic that billed a line, and administrators, edit and void it', () => {
    for (const can of [canEditBillingEntry, canVoidBillingEntry]) {
      expect(can({ role: 'clinic', organizationId: HARBOR }, harborLine)).toBe(true);
      expect(can({ role: 'admin', organizationId: null }, harborLine)).toBe(true);
    }
  });

  it('leaves another clinic of the patient reading only', () => {
    for (const can of [canEditBillingEntry, canVoidBillingEntry])
      expect(can({ role: 'clinic', organizationId: SUMMIT }, harborLine)).toBe(false);
  });

  it('leaves a line an administrator added to administrators', () => {
    const adminLine = { clinicId: null, voidedAt: null };
    expect(canEditBillingEntry({ role: 'clinic', organizationId: HARBOR }, adminLine)).toBe(false);
    expect(canEditBillingEntry({ role: 'clinic', organizationId: null }, adminLine)).toBe(false);
    expect(canVoidBillingEntry({ role: 'admin', organizationId: null }, adminLine)).toBe(true);
  });

  it('refuses attorneys, lienholders and contacts whatever their organisation', () => {
    for (const role of ROLES.filter((candidate) => !['admin', 'clinic'].includes(candidate))) {
      expect(canEditBillingEntry({ role, organizationId: HARBOR }, harborLine)).toBe(false);
      expect(canVoidBillingEntry({ role, organizationId: HARBOR }, harborLine)).toBe(false);
    }
  });

  it('treats a voided line as final, even for administrators', () => {
    const voided = { clinicId: HARBOR, voidedAt: '2026-03-14T10:00:00.000Z' };
    for (const can of [canEditBillingEntry, canVoidBillingEntry]) {
      expect(can({ role: 'admin', organizationId: null }, voided)).toBe(false);
      expect(can({ role: 'clinic', organizationId: HARBOR }, voided)).toBe(false);
    }
  });
});
