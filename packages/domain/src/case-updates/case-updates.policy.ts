import { hasCapability } from '../capabilities.ts';
import type { Role } from '../roles.ts';

type CaseUpdateActor = { role: Role; organizationId: string | null };

/**
 * Posts a case update on a patient (capability case-updates:post): the attorneys of the
 * patient's firm and administrators, as for the case facts. Another firm's attorney holding
 * temporary access reads the updates only.
 */
export function canPostCaseUpdate(
  actor: CaseUpdateActor,
  patient: { firmId: string | null },
): boolean {
  if (!hasCapability(actor.role, 'case-updates:post')) return false;
  if (actor.role === 'admin') return true;
  return patient.firmId !== null && actor.organizationId === patient.firmId;
}

/**
 * Asks the patient's firm for an update (capability case-updates:request): a user of one of the
 * patient's own clinics or lienholders, and only while the patient has a firm. A clinic holding
 * temporary access only reads.
 */
export function canRequestCaseUpdate(
  actor: CaseUpdateActor,
  patient: {
    firmId: string | null;
    clinicIds: readonly string[];
    lienholderIds: readonly string[];
  },
): boolean {
  if (!hasCapability(actor.role, 'case-updates:request')) return false;
  if (patient.firmId === null || actor.organizationId === null) return false;
  if (actor.role === 'clinic') return patient.clinicIds.includes(actor.organizationId);
  if (actor.role === 'lienholder') return patient.lienholderIds.includes(actor.organizationId);
  return false;
}

/** Configures a firm's update interval: its own attorneys, and administrators for any firm. */
export function canConfigureCaseUpdates(actor: CaseUpdateActor, firmId: string): boolean {
  if (!hasCapability(actor.role, 'case-updates:configure')) return false;
  return actor.role === 'admin' || actor.organizationId === firmId;
}
