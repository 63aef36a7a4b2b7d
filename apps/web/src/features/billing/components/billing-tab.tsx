import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';

/** Integration point on the patient page; the feature's issue fills it. */
export function BillingTab({ patient }: { patient: TPatientDetail }) {
  return (
    <h2 className="text-lg font-semibold text-ink" data-patient-id={patient.id}>
      Billing
    </h2>
  );
}
