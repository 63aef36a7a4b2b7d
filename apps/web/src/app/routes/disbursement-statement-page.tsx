import { Link, useParams } from 'react-router';
import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { PageSpinner } from '#src/components/ui/spinner.tsx';
import { DisbursementStatement } from '#src/features/closing/components/disbursement-statement.tsx';
import { usePatient } from '#src/features/patients/api/patients-api.ts';
import { PatientNotFound } from '#src/features/patients/components/patient-not-found.tsx';

/** /patients/{id}/closing/statement: the firm's disbursement statement as one printable page. */
export function DisbursementStatementPage() {
  const { patientId = '' } = useParams();
  const patientQuery = usePatient(patientId);
  if (patientQuery.isPending) return <PageSpinner label="Loading patient" />;
  if (patientQuery.isError) return <PatientNotFound />;
  return (
    <DisbursementStatement
      patientId={patientId}
      patientName={patientQuery.data.fullName}
      backLink={
        <Link
          to={`/patients/${encodeURIComponent(patientId)}?tab=billing`}
          className="inline-flex h-10 items-center rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
        >
          {CLOSING_TEXTS.backToPatient}
        </Link>
      }
    />
  );
}
