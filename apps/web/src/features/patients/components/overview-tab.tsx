import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

export function OverviewTab({ patient }: { patient: TPatientDetail }) {
  return <div data-patient-id={patient.id} />;
}
