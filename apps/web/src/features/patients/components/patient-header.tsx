import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { formatDate } from '#src/lib/format.ts';
import { StatusControl } from './status-control.tsx';

export function PatientHeader({ patient }: { patient: TPatientDetail }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{patient.fullName}</h1>
        <p className="mt-1 text-sm text-ink-muted">Date of birth: {formatDate(patient.dob)}</p>
      </div>
      <StatusControl patient={patient} />
    </div>
  );
}
