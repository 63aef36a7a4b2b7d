import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES } from '../constants.ts';
import {
  canAddBillingEntry,
  canAssignOrganizations,
  canChangeStatus,
  canCreatePatients,
  canEditDemographics,
  canSeeDocumentCategory,
  canUploadDocuments,
  canUseTreatmentSummary,
  canViewPatient,
  getDocumentCategoryStatuses,
  getPatientScope,
  PatientScopeError,
  type PolicyActor,
  type PolicyPatient,
} from './patient.policy.ts';
import { TREATMENT_STATUSES } from './treatment-status.ts';

const HARBOR = '00000000-0000-4000-8000-000000000001';
const SUMMIT = '00000000-0000-4000-8000-000000000002';
const MORGAN = '00000000-0000-4000-8000-000000000003';
const CASTILLO = '00000000-0000-4000-8000-000000000004';
const MEDLIEN = '00000000-0000-4000-8000-000000000005';
const KEYSTONE = '00000000-0000-4000-8000-000000000006';

const actor = (role: string, organizationId: string | null, userId = 'user-1'): PolicyActor => ({
  role,
  organizationId,
  userId,
});

/** Harbor clinic + Morgan firm + MedLien lienholder, contact user-9. */
const patient: PolicyPatient = {
  clinicIds: [HARBOR],
  firmId: MORGAN,
  lienholderIds: [MEDLIEN],
  associatedContactId: 'user-9',
  treatmentStatus: 'Evaluated',
};

describe('getPatientScope (spec section 6, patient visibility)', () => {
  it('gives admins every patient', () => {
    expect(getPatientScope(actor('admin', null))).toEqual({ kind: 'all' });
  });

  it('scopes clinic, attorney and lienholder users to their organisation, contacts to themselves', () => {
    expect(getPatientScope(actor('clinic', HARBOR))).toEqual({ kind: 'clinic', clinicId: HARBOR });
    expect(getPatientScope(actor('attorney', MORGAN))).toEqual({ kind: 'firm', firmId: MORGAN });
    expect(getPatientScope(actor('lienholder', MEDLIEN))).toEqual({
      kind: 'lienholder',
      lienholderId: MEDLIEN,
    });
    expect(getPatientScope(actor('contact', null, 'user-9'))).toEqual({
      kind: 'contact',
      userId: 'user-9',
    });
  });

  it('refuses a clinic user without a clinic', () => {
    expect(() => getPatientScope(actor('clinic', null))).toThrow(PatientScopeError);
    expect(() => getPatientScope(actor('clinic', null))).toThrow(
      'Clinic user missing clinic association',
    );
  });

  it('refuses an attorney user without a firm', () => {
    expect(() => getPatientScope(actor('attorney', null))).toThrow(
      'Attorney user missing firm association',
    );
  });

  it('refuses a lienholder user without a lienholder', () => {
    expect(() => getPatientScope(actor('lienholder', null))).toThrow(PatientScopeError);
  });

  it('refuses any other role, naming it', () => {
    expect(() => getPatientScope(actor('janitor', null))).toThrow('Unknown user role: janitor');
    expect(() => getPatientScope(actor('other', HARBOR))).toThrow('Unknown user role: other');
  });
});

describe('canViewPatient', () => {
  it.each([
    ['admin', null, true],
    ['clinic', HARBOR, true],
    ['clinic', SUMMIT, false],
    ['attorney', MORGAN, true],
    ['attorney', CASTILLO, false],
    ['lienholder', MEDLIEN, true],
    ['lienholder', KEYSTONE, false],
  ] as const)('%s of %s sees the patient: %s', (role, organizationId, expected) => {
    expect(canViewPatient(actor(role, organizationId), patient)).toBe(expected);
  });

  it('lets a contact see only the patients they are the contact of', () => {
    expect(canViewPatient(actor('contact', null, 'user-9'), patient)).toBe(true);
    expect(canViewPatient(actor('contact', null, 'user-8'), patient)).toBe(false);
    expect(
      canViewPatient(actor('contact', null, 'user-9'), { ...patient, associatedContactId: null }),
    ).toBe(false);
  });

  it('lets a clinic see a patient shared by several clinics', () => {
    expect(
      canViewPatient(actor('clinic', SUMMIT), { ...patient, clinicIds: [HARBOR, SUMMIT] }),
    ).toBe(true);
  });

  it('does not let an attorney see a patient without a firm', () => {
    expect(canViewPatient(actor('attorney', MORGAN), { ...patient, firmId: null })).toBe(false);
  });

  it('throws the scope error rather than answering for a misconfigured user', () => {
    expect(() => canViewPatient(actor('clinic', null), patient)).toThrow(
      'Clinic user missing clinic association',
    );
  });
});

describe('canSeeDocumentCategory (spec section 6)', () => {
  const nonIntake = DOCUMENT_CATEGORIES.filter((category) => category !== 'Intake');

  it('shows Intake documents to clinic and admin whatever the status', () => {
    for (const status of TREATMENT_STATUSES) {
      expect(canSeeDocumentCategory({ role: 'clinic' }, 'Intake', status)).toBe(true);
      expect(canSeeDocumentCategory({ role: 'admin' }, 'Intake', status)).toBe(true);
    }
  });

  it('shows Intake documents to an attorney only once the patient is Discharged', () => {
    for (const status of TREATMENT_STATUSES) {
      expect(canSeeDocumentCategory({ role: 'attorney' }, 'Intake', status)).toBe(
        status === 'Discharged',
      );
    }
  });

  it('never shows Intake documents to lienholders or anyone else', () => {
    for (const role of ['lienholder', 'contact', 'other']) {
      for (const status of TREATMENT_STATUSES) {
        expect(canSeeDocumentCategory({ role }, 'Intake', status)).toBe(false);
      }
    }
  });

  it('gives the statuses the SQL condition is built from: all, Discharged only, or none', () => {
    expect(getDocumentCategoryStatuses('clinic', 'Intake')).toEqual(TREATMENT_STATUSES);
    expect(getDocumentCategoryStatuses('attorney', 'Intake')).toEqual(['Discharged']);
    expect(getDocumentCategoryStatuses('lienholder', 'Intake')).toEqual([]);
    expect(getDocumentCategoryStatuses('constructor', 'Intake')).toEqual([]);
    for (const category of nonIntake)
      expect(getDocumentCategoryStatuses('lienholder', category)).toEqual(TREATMENT_STATUSES);
  });

  it('shows every other category to every role', () => {
    expect(() =>
      fc.assert(
        fc.property(
          fc.constantFrom('admin', 'clinic', 'attorney', 'lienholder', 'contact'),
          fc.constantFrom(...nonIntake),
          fc.constantFrom(...TREATMENT_STATUSES),
          (role, category, status) => canSeeDocumentCategory({ role }, category, status),
        ),
      ),
    ).not.toThrow();
  });
});

describe('control policies (spec section 6)', () => {
  const roles = ['admin', 'clinic', 'attorney', 'lienholder', 'contact', 'other'];
  const allowed = (check: (actor: { role: string }) => boolean) =>
    roles.filter((role) => check({ role }));

  it('lets clinic and admin change status, edit demographics, upload and add billing', () => {
    expect(allowed(canChangeStatus)).toEqual(['admin', 'clinic']);
    expect(allowed(canEditDemographics)).toEqual(['admin', 'clinic']);
    expect(allowed(canUploadDocuments)).toEqual(['admin', 'clinic']);
    expect(allowed(canAddBillingEntry)).toEqual(['admin', 'clinic']);
  });

  it('lets only admins change assigned clinics and firm', () => {
    expect(allowed(canAssignOrganizations)).toEqual(['admin']);
  });

  it('shows the AI summary panel to clinic users only', () => {
    expect(allowed(canUseTreatmentSummary)).toEqual(['clinic']);
  });
});

describe('canCreatePatients', () => {
  it.each([
    ['admin', true, true],
    ['admin', false, true],
    ['clinic', true, true],
    ['clinic', false, false],
    ['attorney', true, false],
    ['lienholder', true, false],
    ['contact', true, false],
    ['unknown', true, false],
  ])('%s with clinic creation %s: %s', (role, allowClinicPatientCreation, expected) => {
    expect(canCreatePatients(role, { allowClinicPatientCreation })).toBe(expected);
  });
});
