import { eq } from 'drizzle-orm';
import { canSeeDocumentCategory } from '@casebridge/domain/patients/patient.policy';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema/index.ts';
import type { EventRow } from '../../events/event-hub.ts';
import type { Actor } from '../../lib/actor.ts';
import { isDocumentCategory } from './documents.queries.ts';

/**
 * A document event goes only to actors who may see that category given the patient's status
 * *now*: an Intake upload is not announced to an attorney before discharge, nor replayed to one
 * after the patient leaves Discharged. An event without a valid category counts as Intake.
 * Patient scope is checked by the caller.
 */
export async function canReceiveDocumentEvent(
  db: Db,
  actor: Actor,
  event: EventRow,
): Promise<boolean> {
  if (!event.topic.startsWith('document.') || !event.patientId) return true;
  const category = (event.payload as Record<string, unknown> | null)?.category;
  const visibleCategory = isDocumentCategory(category) ? category : 'Intake';
  const visibleAt = TREATMENT_STATUSES.filter((status) =>
    canSeeDocumentCategory(actor, visibleCategory, status),
  );
  // Only a rule that depends on the status needs the patient's current status.
  if (visibleAt.length === TREATMENT_STATUSES.length) return true;
  if (visibleAt.length === 0) return false;
  const [patient] = await db
    .select({ treatmentStatus: patients.treatmentStatus })
    .from(patients)
    .where(eq(patients.id, event.patientId))
    .limit(1);
  return (
    patient !== undefined &&
    canSeeDocumentCategory(actor, visibleCategory, patient.treatmentStatus as TreatmentStatus)
  );
}
