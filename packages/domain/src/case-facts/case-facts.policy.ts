import { hasCapability } from '../capabilities.ts';
import type { Role } from '../roles.ts';

type CaseFactsActor = { role: Role; organizationId: string | null };

/**
 * Reads a patient's case facts (capability case-facts:read): the patient's clinics, firm and
 * lienholders and administrators, never its contact. Which patients is the patient scope's
 * question, answered in SQL by the server.
 */
export function canReadCaseFacts(actor: Pick<CaseFactsActor, 'role'>): boolean {
  return hasCapability(actor.role, 'case-facts:read');
}

/**
 * Edits a patient's case facts and moves its legal stage (capability case-facts:edit): the
 * attorneys of the patient's firm, and administrators. Another firm's attorney, even one holding
 * temporary access to the patient, reads them only. The UI asks it to show the form; the server
 * asks it again.
 */
export function canEditCaseFacts(
  actor: CaseFactsActor,
  patient: { firmId: string | null },
): boolean {
  if (!hasCapability(actor.role, 'case-facts:edit')) return false;
  if (actor.role === 'admin') return true;
  return patient.firmId !== null && actor.organizationId === patient.firmId;
}
