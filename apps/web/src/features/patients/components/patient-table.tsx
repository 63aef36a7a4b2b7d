import type { TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { CaseStageBadge, UpdateOverdueBadge } from './case-stage-badge.tsx';
import { GapBadge } from './gap-badge.tsx';
import { formatDate } from '#src/lib/format.ts';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';

/**
 * Fixed column widths: the placeholder rows and the patients that replace them lay the table out
 * alike, so no column moves when a page arrives (no layout shift). The status column
 * holds the longest badge ('Referred for Pain Management') on one line; the case column's
 * badges wrap inside it rather than run into the next column.
 */
const COLUMN_WIDTHS = ['15%', '19%', '16%', '18%', '10%', '11%', '11%'] as const;

/** A table of patients; `renderActions` adds the last column (View Case, Edit…). */
export function PatientTable({
  caption,
  patients,
  isLoading,
  renderActions,
  actionsLabel = 'Actions',
}: {
  caption: string;
  patients: TPatientSummary[] | undefined;
  isLoading: boolean;
  renderActions: (patient: TPatientSummary) => ReactNode;
  actionsLabel?: string;
}) {
  return (
    <TableScroll label={caption} className="bg-surface">
      <table className="w-full min-w-[60rem] table-fixed text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {COLUMN_WIDTHS.map((width) => (
            <col key={width} style={{ width }} />
          ))}
        </colgroup>
        <thead className="border-b border-border bg-surface-muted text-ink">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Patient
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Case
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Clinics
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Intake
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Last treatment
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {actionsLabel}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {isLoading || !patients ? (
            <TableSkeletonRows columns={7} />
          ) : (
            patients.map((patient) => (
              <tr key={patient.id}>
                <th scope="row" className="px-4 py-3 font-medium">
                  {/* On a phone the action column is off screen: the name opens the case too. */}
                  <Link
                    to={`/patients/${patient.id}`}
                    className="text-brand underline-offset-2 hover:underline"
                  >
                    {patient.fullName}
                  </Link>
                </th>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-1">
                    <StatusBadge status={patient.treatmentStatus} />
                    <GapBadge days={patient.gapDays} />
                  </div>
                </td>
                <td className="px-4 py-3">
                  <div className="flex min-w-0 flex-wrap items-center gap-1">
                    <CaseStageBadge stage={patient.caseStage} />
                    <UpdateOverdueBadge isOverdue={patient.isUpdateOverdue} />
                  </div>
                </td>
                <td className="px-4 py-3 text-ink">
                  {patient.clinicNames.join(', ') || 'No clinics assigned'}
                </td>
                <td className="px-4 py-3 text-ink">{formatDate(patient.intakeDate)}</td>
                <td className="px-4 py-3 text-ink">{formatDate(patient.lastTreatmentDate)}</td>
                <td className="px-4 py-3">{renderActions(patient)}</td>
              </tr>
            ))
          )}
          {patients && patients.length === 0 ? (
            <TableEmptyRow columns={7}>No patients found</TableEmptyRow>
          ) : null}
        </tbody>
      </table>
    </TableScroll>
  );
}
