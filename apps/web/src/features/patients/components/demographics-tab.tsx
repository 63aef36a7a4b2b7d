import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

export function DemographicsTab({ patient }: { patient: TPatientDetail }) {
  return <div data-patient-id={patient.id} />;
}
