import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { formatDate } from '#src/lib/format.ts';
import { CaseStageBadge, UpdateOverdueBadge } from './case-stage-badge.tsx';
import { GapBadge } from './gap-badge.tsx';
import { StatusControl } from './status-control.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';

export function PatientHeader({ patient }: { patient: TPatientDetail }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        {/* The name stays out of the tab title, and so out of the browser's history. */}
        <PageTitle documentTitle="Patient">{patient.fullName}</PageTitle>
        <p className="mt-1 text-sm text-ink-muted">Date of birth: {formatDate(patient.dob)}</p>
        <p className="mt-2 flex flex-wrap items-center gap-1">
          <CaseStageBadge stage={patient.caseStage} />
          <UpdateOverdueBadge isOverdue={patient.isUpdateOverdue} />
          <GapBadge days={patient.gapDays} />
        </p>
      </div>
      {/* One control per patient: a choice, conflict or version never carries to the next. */}
      <StatusControl key={patient.id} patient={patient} />
    </div>
  );
}
