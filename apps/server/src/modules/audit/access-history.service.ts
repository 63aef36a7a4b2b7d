import {
  ACCESS_HISTORY_LIMIT,
  canViewAccessHistory,
  type TAccessHistory,
} from '@casebridge/domain/audit/access-history';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import {
  PatientNotFoundError,
  requirePatientInScope,
} from '#src/modules/patients/patient-access.ts';
import { auditPatientRead } from './audit-reads.ts';
import { listAccessHistory, listPatientClinicIds } from './access-history.queries.ts';

/**
 * A patient's Access history for an admin or one of the patient's clinics. Anyone else, also a
 * party who sees the patient (its firm, a lienholder), gets the guard's 404, audited as a refused
 * attempt like any other; opening the history is itself a read of the patient, audited once.
 */
export async function getAccessHistory(
  db: Db,
  actor: Actor,
  requestedId: string,
  request: { timeZone: string; ip: string },
): Promise<TAccessHistory> {
  const patient = await requirePatientInScope(db, actor, requestedId);
  const clinicIds = await listPatientClinicIds(db, patient.id);
  if (!canViewAccessHistory(actor, { clinicIds })) throw new PatientNotFoundError(requestedId);
  const rows = await listAccessHistory(db, patient.id, request.timeZone, ACCESS_HISTORY_LIMIT + 1);
  await auditPatientRead(db, actor, {
    action: 'access_history_viewed',
    patientId: patient.id,
    details: `days grouped in ${request.timeZone}`,
    ip: request.ip,
  });
  return {
    timeZone: request.timeZone,
    items: rows.slice(0, ACCESS_HISTORY_LIMIT),
    isTruncated: rows.length > ACCESS_HISTORY_LIMIT,
  };
}
