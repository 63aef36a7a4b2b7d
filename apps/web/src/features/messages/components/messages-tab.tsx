import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

/** Integration point on the patient page; the feature's issue fills it. */
export function MessagesTab({ patient }: { patient: TPatientDetail }) {
  return (
    <h2 className="text-lg font-semibold text-ink" data-patient-id={patient.id}>
      Team Messages
    </h2>
  );
}
