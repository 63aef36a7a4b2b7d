import { hasCapability } from '../capabilities.ts';
import type { Role } from '../roles.ts';

type ClosingActor = { role: Role; organizationId: string | null };

/**
 * Records the settlement, proposes payoffs, produces the statement and closes the case
 * (capability settlements:manage): the attorneys of the patient's firm only. Another firm's
 * attorney, even with temporary access, and administrators may not.
 */
export function canManageClosing(actor: ClosingActor, patient: { firmId: string | null }): boolean {
  return (
    hasCapability(actor.role, 'settlements:manage') &&
    patient.firmId !== null &&
    actor.organizationId === patient.firmId
  );
}

/**
 * Confirms or disputes a payoff (capability liens:record-payment, since a confirmation records
 * the payment): the users of the lien's own lienholder only.
 */
export function canAnswerPayoff(actor: ClosingActor, lienholderId: string): boolean {
  return (
    hasCapability(actor.role, 'liens:record-payment') &&
    actor.role === 'lienholder' &&
    actor.organizationId === lienholderId
  );
}

/** Marks a clinic's bill for a patient final (capability billing:create): that clinic's users. */
export function canMarkBillFinal(actor: ClosingActor, patient: { clinicIds: readonly string[] }) {
  return (
    actor.role === 'clinic' &&
    hasCapability(actor.role, 'billing:create') &&
    actor.organizationId !== null &&
    patient.clinicIds.includes(actor.organizationId)
  );
}

/** Who sees the settlement's figures (gross, fee, costs): the firm and administrators. */
export function canSeeSettlementFigures(
  actor: ClosingActor,
  patient: { firmId: string | null },
): boolean {
  return actor.role === 'admin' || canManageClosing(actor, patient);
}
