import type { Db } from '#src/db/client.ts';
import type { InScopePatient } from '#src/modules/patients/patient-access.ts';
import { isBillFinal } from './closing.queries.ts';

/**
 * Whether the clinic marked its bill for the patient final (closing-the-case.md): the billing
 * module then takes that clinic's new lines only as corrections with a reason. Apart from
 * closing.service.ts, which reaches the case facts and through them the billing module.
 */
export function isClinicBillFinal(
  db: Db,
  patient: InScopePatient,
  clinicId: string,
): Promise<boolean> {
  return isBillFinal(db, patient.id, clinicId);
}
