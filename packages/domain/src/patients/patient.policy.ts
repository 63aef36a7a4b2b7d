import type { DocumentCategory } from '../constants.ts';
import { hasCapability } from '../capabilities.ts';
import type { Role } from '../roles.ts';
import { TREATMENT_STATUSES, type TreatmentStatus } from './treatment-status.ts';

/** The parts of a signed-in user that the rules of spec section 6 look at. */
export type PolicyActor = {
  userId: string;
  role: string;
  organizationId: string | null;
};

/** The parts of a patient that decide who may see it. */
export type PolicyPatient = {
  clinicIds: readonly string[];
  firmId: string | null;
  lienholderIds: readonly string[];
  associatedContactId: string | null;
  treatmentStatus: TreatmentStatus;
};

/** Which patients an actor may see; the server turns this into the WHERE clause of every query. */
export type PatientScope =
  | { kind: 'all' }
  | { kind: 'clinic'; clinicId: string }
  | { kind: 'firm'; firmId: string }
  | { kind: 'lienholder'; lienholderId: string }
  | { kind: 'contact'; userId: string };

export class PatientScopeError extends Error {}

export const SCOPE_ERRORS = {
  clinic: 'Clinic user missing clinic association',
  attorney: 'Attorney user missing firm association',
  lienholder: 'Lienholder user missing lienholder association',
  unknownRole: (role: string) => `Unknown user role: ${role}`,
} as const;

/** Spec section 6 with docs/architecture.md D3 (lienholders see the patients linked to them). */
export function getPatientScope(actor: PolicyActor): PatientScope {
  switch (actor.role) {
    case 'admin':
      return { kind: 'all' };
    case 'clinic':
      if (!actor.organizationId) throw new PatientScopeError(SCOPE_ERRORS.clinic);
      return { kind: 'clinic', clinicId: actor.organizationId };
    case 'attorney':
      if (!actor.organizationId) throw new PatientScopeError(SCOPE_ERRORS.attorney);
      return { kind: 'firm', firmId: actor.organizationId };
    case 'lienholder':
      if (!actor.organizationId) throw new PatientScopeError(SCOPE_ERRORS.lienholder);
      return { kind: 'lienholder', lienholderId: actor.organizationId };
    case 'contact':
      return { kind: 'contact', userId: actor.userId };
    default:
      throw new PatientScopeError(SCOPE_ERRORS.unknownRole(actor.role));
  }
}

export function canViewPatient(actor: PolicyActor, patient: PolicyPatient): boolean {
  const scope = getPatientScope(actor);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'clinic':
      return patient.clinicIds.includes(scope.clinicId);
    case 'firm':
      return patient.firmId === scope.firmId;
    case 'lienholder':
      return patient.lienholderIds.includes(scope.lienholderId);
    case 'contact':
      return patient.associatedContactId === scope.userId;
  }
}

const asRole = (role: string): Role | null =>
  ['clinic', 'attorney', 'lienholder', 'admin', 'contact'].includes(role) ? (role as Role) : null;

function can(actor: Pick<PolicyActor, 'role'>, capability: Parameters<typeof hasCapability>[1]) {
  const role = asRole(actor.role);
  return role !== null && hasCapability(role, capability);
}

export const canChangeStatus = (actor: Pick<PolicyActor, 'role'>) =>
  can(actor, 'patients:update-status');
export const canEditDemographics = (actor: Pick<PolicyActor, 'role'>) =>
  can(actor, 'patients:edit-demographics');
export const canAssignOrganizations = (actor: Pick<PolicyActor, 'role'>) =>
  can(actor, 'patients:assign-organizations');
export const canUploadDocuments = (actor: Pick<PolicyActor, 'role'>) =>
  can(actor, 'documents:upload');
export const canAddBillingEntry = (actor: Pick<PolicyActor, 'role'>) =>
  can(actor, 'billing:create');
export const canUseTreatmentSummary = (actor: Pick<PolicyActor, 'role'>) => actor.role === 'clinic';

/**
 * Add Patient (docs/architecture.md D7): admins always; clinics while the admin setting 'Allow
 * Clinic Patient Creation' is on; nobody without the `patients:create` capability.
 */
export function canCreatePatients(
  role: string,
  settings: { allowClinicPatientCreation: boolean },
): boolean {
  if (!can({ role }, 'patients:create')) return false;
  return role === 'admin' || settings.allowClinicPatientCreation;
}

/** When a role sees a category's documents: whenever it sees the patient, or in these statuses. */
type CategoryAccess = 'always' | readonly TreatmentStatus[];

/**
 * The document-category rule of spec section 6, stated once: for a restricted category, which
 * roles see its documents and when; a role it does not list never does. A category that is not
 * here follows patient visibility for everyone. Intake documents: clinic and admin always, an
 * attorney only once the patient is Discharged, lienholders and everyone else never.
 * `canSeeDocumentCategory` reads this table for one document; the server's SQL condition
 * (`documentVisibilityCondition`) is built from `getDocumentCategoryStatuses`, so both follow it.
 */
export const RESTRICTED_DOCUMENT_CATEGORIES: Partial<
  Record<DocumentCategory, Partial<Record<Role, CategoryAccess>>>
> = {
  Intake: { clinic: 'always', admin: 'always', attorney: ['Discharged'] },
};

/** The patient statuses in which a role sees documents of the category; empty means never. */
export function getDocumentCategoryStatuses(
  role: string,
  category: DocumentCategory,
): readonly TreatmentStatus[] {
  const restricted = RESTRICTED_DOCUMENT_CATEGORIES[category];
  if (!restricted) return TREATMENT_STATUSES;
  const known = asRole(role);
  const access = known === null ? undefined : restricted[known];
  if (access === undefined) return [];
  return access === 'always' ? TREATMENT_STATUSES : access;
}

export function canSeeDocumentCategory(
  actor: Pick<PolicyActor, 'role'>,
  category: DocumentCategory,
  treatmentStatus: TreatmentStatus,
): boolean {
  return getDocumentCategoryStatuses(actor.role, category).includes(treatmentStatus);
}
