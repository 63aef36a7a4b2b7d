import { ADMIN_PATIENTS_PAGE_SIZE } from '@casebridge/domain/constants';
import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { usePatientFilters } from '#src/features/patients/hooks/use-patient-filters.ts';
import { usePatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { DashboardError } from './dashboard-error.tsx';
import { EditPatientModal } from './edit-patient-modal.tsx';
import { PatientFilters } from './patient-filters.tsx';
import { PagedPatientTable, PatientActionLink } from './paged-patient-table.tsx';
import { RowStatus } from './row-status.tsx';

/**
 * Admin Dashboard 'All Patients' tab: search, filters, sort and page size, a status change from
 * the row, patients chosen for a bulk action, and the Edit Patient modal. `toolbar` lets the
 * admin page add its own actions (e.g. Send Message).
 */
export function AdminPatientsTab({ toolbar }: { toolbar?: ReactNode }) {
  const { filters, setFilters, pages, list } = usePatientFilters(ADMIN_PATIENTS_PAGE_SIZE);
  const [editingId, setEditingId] = useState<string | null>(null);
  const selection = usePatientSelection(list.data?.items);
  if (list.error) return <DashboardError error={list.error} />;
  return (
    // On a phone the toolbar follows the list, so the first patient shows without scrolling.
    <div className="flex flex-col">
      {toolbar ? (
        <div className="mb-4 flex flex-wrap justify-end gap-2 max-sm:order-last max-sm:mt-4">
          {toolbar}
        </div>
      ) : null}
      <PatientFilters values={filters} onChange={setFilters} />
      <PagedPatientTable
        caption="All patients"
        data={list.data}
        pages={pages}
        pageSize={filters.pageSize}
        pagesLabel="Patient pages"
        selection={selection}
        renderStatus={(patient) => <RowStatus patient={patient} />}
        renderActions={(patient) => (
          <div className="flex items-center gap-3">
            <PatientActionLink
              patientId={patient.id}
              label="Open"
              accessibleName={`Open ${patient.fullName}`}
            />
            <button
              type="button"
              onClick={() => setEditingId(patient.id)}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-ink hover:bg-surface-muted"
              aria-label={`Edit ${patient.fullName}`}
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden />
              Edit
            </button>
          </div>
        )}
      />
      <BulkActionBar selection={selection} />
      {editingId ? (
        <EditPatientModal patientId={editingId} onClose={() => setEditingId(null)} />
      ) : null}
    </div>
  );
}
