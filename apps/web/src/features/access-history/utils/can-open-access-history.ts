import type { TSessionUser } from '@casebridge/domain/auth/auth.schemas';
import { canViewAccessHistory } from '@casebridge/domain/audit/access-history';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

/** Whether the page offers the patient's Access history: admins and the patient's clinics. */
export function canOpenAccessHistory(
  user: Pick<TSessionUser, 'role' | 'organization'>,
  patient: Pick<TPatientDetail, 'clinics'>,
): boolean {
  return canViewAccessHistory(
    { role: user.role, organizationId: user.organization?.id ?? null },
    { clinicIds: patient.clinics.map((clinic) => clinic.id) },
  );
}
