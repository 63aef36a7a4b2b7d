import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

/** Integration point on the Overview tab (clinic users only); the messaging issue fills it. */
export function TreatmentSummaryPanel({ patient }: { patient: TPatientDetail }) {
  return <div data-patient-id={patient.id} hidden />;
}
