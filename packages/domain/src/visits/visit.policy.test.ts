import { describe, expect, it } from 'vitest';
import {
  canEditPatientVisits,
  canEditVisitsOf,
  canReadVisits,
  clinicOfNewVisit,
} from './visit.policy.ts';

const CLINIC = 'clinic-1';

describe('visit policy', () => {
  it('lets every party read visits, never a contact', () => {
    expect(canReadVisits({ role: 'clinic' })).toBe(true);
    expect(canReadVisits({ role: 'attorney' })).toBe(true);
    expect(canReadVisits({ role: 'lienholder' })).toBe(true);
    expect(canReadVisits({ role: 'admin' })).toBe(true);
    expect(canReadVisits({ role: 'contact' })).toBe(false);
  });

  it('keeps a clinic’s visits to that clinic and administrators', () => {
    expect(canEditVisitsOf({ role: 'clinic', organizationId: CLINIC }, CLINIC)).toBe(true);
    expect(canEditVisitsOf({ role: 'clinic', organizationId: 'other' }, CLINIC)).toBe(false);
    expect(canEditVisitsOf({ role: 'admin', organizationId: null }, CLINIC)).toBe(true);
    expect(canEditVisitsOf({ role: 'attorney', organizationId: CLINIC }, CLINIC)).toBe(false);
    expect(
      canEditPatientVisits(
        { role: 'clinic', organizationId: CLINIC },
        { clinics: [{ id: 'x' }, { id: CLINIC }] },
      ),
    ).toBe(true);
    expect(
      canEditPatientVisits({ role: 'lienholder', organizationId: CLINIC }, { clinics: [] }),
    ).toBe(false);
  });

  it('books a clinic user’s visit for their own clinic', () => {
    expect(clinicOfNewVisit({ role: 'clinic', organizationId: CLINIC }, 'other')).toBe(CLINIC);
    expect(clinicOfNewVisit({ role: 'admin', organizationId: null }, 'named')).toBe('named');
    expect(clinicOfNewVisit({ role: 'admin', organizationId: null }, undefined)).toBeNull();
  });
});
