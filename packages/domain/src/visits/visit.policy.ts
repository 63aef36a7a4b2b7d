import { hasCapability } from '../capabilities.ts';
import type { Role } from '../roles.ts';

type VisitActor = { role: Role; organizationId: string | null };

/**
 * Reads a patient's visits (capability visits:read): the patient's clinics, firm and lienholders
 * and administrators, never its contact. Which patients is the patient scope's question,
 * answered in SQL by the server.
 */
export function canReadVisits(actor: Pick<VisitActor, 'role'>): boolean {
  return hasCapability(actor.role, 'visits:read');
}

/**
 * Schedules, records and corrects the visits of one clinic (capability visits:edit): that
 * clinic's users and administrators. The UI asks it to show the controls; the server asks again.
 */
export function canEditVisitsOf(actor: VisitActor, clinicId: string): boolean {
  if (!hasCapability(actor.role, 'visits:edit')) return false;
  return actor.role === 'admin' || actor.organizationId === clinicId;
}

/** Whether the actor keeps visits of any of the patient's clinics (the tab's controls). */
export function canEditPatientVisits(
  actor: VisitActor,
  patient: { clinics: ReadonlyArray<{ id: string }> },
): boolean {
  return patient.clinics.some((clinic) => canEditVisitsOf(actor, clinic.id));
}

/** The clinic a new visit is booked for: a clinic user's own, else the one named. */
export function clinicOfNewVisit(actor: VisitActor, named: string | undefined): string | null {
  if (actor.role === 'clinic') return actor.organizationId;
  return named ?? null;
}
