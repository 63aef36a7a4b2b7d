import { Link, useParams } from 'react-router';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { usePatient } from '#src/features/patients/api/patients-api.ts';
import { PatientNotFound } from '#src/features/patients/components/patient-not-found.tsx';
import { SettlementPrint } from '#src/features/settlements/components/settlement-print.tsx';

/** /patients/{id}/settlement/print: the attorney's settlement preview as one printable page. */
export function SettlementPrintPage() {
  const { patientId = '' } = useParams();
  const patientQuery = usePatient(patientId);
  if (patientQuery.isPending) return <PageSpinner label="Loading patient" />;
  if (patientQuery.isError) return <PatientNotFound />;
  return (
    <SettlementPrint
      patientId={patientId}
      patientName={patientQuery.data.fullName}
      backLink={
        <Link
          to={`/patients/${encodeURIComponent(patientId)}?tab=billing`}
          className="inline-flex h-10 items-center rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
        >
          Back to the patient
        </Link>
      }
    />
  );
}
