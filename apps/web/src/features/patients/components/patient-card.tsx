import { BULK_TEXTS } from '@casebridge/domain/patients/bulk-texts';
import type { TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import { Link } from 'react-router';
import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { formatDate } from '#src/lib/format.ts';
import type { PatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';
import { CaseStageBadge, UpdateOverdueBadge } from './case-stage-badge.tsx';
import { GapBadge } from './gap-badge.tsx';
import { RowStatus } from './row-status.tsx';
import { SelectCheckbox } from './select-checkbox.tsx';

/**
 * A clinic dashboard card. The name opens the patient (its link covers the card); the checkbox
 * chooses the patient for a bulk action, and for a user who may change statuses the status is
 * the inline control (Save, confirm, Undo) without leaving the list. Both sit above the link.
 */
export function PatientCard({
  patient,
  selection,
  canEditStatus = false,
}: {
  patient: TPatientSummary;
  selection?: PatientSelection;
  canEditStatus?: boolean;
}) {
  return (
    <article className="relative h-full rounded-lg border border-border bg-surface p-4 shadow-sm transition-colors hover:border-brand">
      <div className="flex items-start gap-3">
        {selection ? (
          <SelectCheckbox
            label={BULK_TEXTS.selectPatient(patient.fullName)}
            checked={selection.isSelected(patient.id)}
            onChange={() => selection.toggle(patient)}
            className="relative z-10 mt-0.5"
          />
        ) : null}
        <h2 className="min-w-0 flex-1 break-words font-semibold text-ink">
          <Link
            to={`/patients/${patient.id}`}
            className="after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand"
          >
            {patient.fullName}
          </Link>
        </h2>
      </div>
      <div className="relative z-10 mt-2 flex min-w-0 flex-wrap items-center gap-1">
        {canEditStatus ? (
          <RowStatus patient={patient} />
        ) : (
          <StatusBadge status={patient.treatmentStatus} />
        )}
        <CaseStageBadge stage={patient.caseStage} />
        <GapBadge days={patient.gapDays} />
        <UpdateOverdueBadge isOverdue={patient.isUpdateOverdue} />
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
    </article>
  );
}
