import type { TPatientPage, TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { Section } from '#src/components/ui/section.tsx';
import type { CursorPages } from '#src/lib/use-cursor-pages.ts';
import type { PatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';
import { PatientTable } from './patient-table.tsx';

type PagedPatientTableProps = {
  caption: string;
  /** The page the list query answered; undefined while it loads. */
  data: Pick<TPatientPage, 'items' | 'total' | 'isTotalCapped' | 'nextCursor'> | undefined;
  pages: CursorPages<string>;
  pageSize: number;
  /** The pager's name, e.g. 'Client case pages'. */
  pagesLabel: string;
  renderActions: (patient: TPatientSummary) => ReactNode;
  /** Checkboxes per row and for the page (work across patients). */
  selection?: PatientSelection | undefined;
  /** The status cell's content instead of the badge (an inline status change). */
  renderStatus?: ((patient: TPatientSummary) => ReactNode) | undefined;
};

/** One page of patients as a table, with the pager under it once the page has loaded. */
export function PagedPatientTable({
  caption,
  data,
  pages,
  pageSize,
  pagesLabel,
  renderActions,
  selection,
  renderStatus,
}: PagedPatientTableProps) {
  return (
    <>
      <PatientTable
        caption={caption}
        patients={data?.items}
        isLoading={!data}
        renderActions={renderActions}
        selection={selection}
        renderStatus={renderStatus}
      />
      <CursorPageControls pages={pages} pageSize={pageSize} data={data} label={pagesLabel} />
    </>
  );
}

/**
 * The firm's 'Client Cases' and the lienholder's 'Linked Patients': a titled section whose table
 * is named after it.
 */
export function PatientTableSection({
  headingId,
  title,
  className,
  toolbar,
  ...table
}: Omit<PagedPatientTableProps, 'caption'> & {
  headingId: string;
  title: string;
  className?: string;
  /** Filters shown above the table, e.g. the Cases filter. */
  toolbar?: ReactNode;
}) {
  return (
    <Section id={headingId} title={title} className={className}>
      {toolbar ? <div className="mb-4 flex flex-wrap justify-end gap-3">{toolbar}</div> : null}
      <PagedPatientTable caption={title} {...table} />
    </Section>
  );
}

/** The link of a patient row's actions column ('View Case', 'View', 'Open'). */
export function PatientActionLink({
  patientId,
  label,
  accessibleName,
}: {
  patientId: string;
  label: string;
  /** The name a screen reader hears: the visible label with the patient's name. */
  accessibleName: string;
}) {
  return (
    <Link
      to={`/patients/${patientId}`}
      className="font-medium text-brand underline-offset-2 hover:underline"
      aria-label={accessibleName}
    >
      {label}
    </Link>
  );
}
