import type { TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import { Link } from 'react-router';
import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { formatDate } from '#src/lib/format.ts';
import { CaseStageBadge, UpdateOverdueBadge } from './case-stage-badge.tsx';
import { GapBadge } from './gap-badge.tsx';

export function PatientCard({ patient }: { patient: TPatientSummary }) {
  return (
    <Link
      to={`/patients/${patient.id}`}
      className="block rounded-lg border border-border bg-surface p-4 shadow-sm transition-colors hover:border-brand"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words font-semibold text-ink">{patient.fullName}</h2>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={patient.treatmentStatus} />
          <CaseStageBadge stage={patient.caseStage} />
          <GapBadge days={patient.gapDays} />
          <UpdateOverdueBadge isOverdue={patient.isUpdateOverdue} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-ink-muted">Date of birth</dt>
          <dd className="text-ink">{formatDate(patient.dob)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Last treatment</dt>
          <dd className="text-ink">{formatDate(patient.lastTreatmentDate)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-ink-muted">Attorney firm</dt>
          <dd className="truncate text-ink">{patient.firmName ?? 'Unknown Firm'}</dd>
        </div>
      </dl>
    </Link>
  );
}
