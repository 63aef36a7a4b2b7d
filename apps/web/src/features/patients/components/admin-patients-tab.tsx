import { ADMIN_PATIENTS_PAGE_SIZE } from '@casebridge/domain/constants';
import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { usePatientFilters } from '#src/features/patients/hooks/use-patient-filters.ts';
import { DashboardError } from './dashboard-error.tsx';
import { EditPatientModal } from './edit-patient-modal.tsx';
import { PatientFilters } from './patient-filters.tsx';
import { PagedPatientTable, PatientActionLink } from './paged-patient-table.tsx';

/**
 * Admin Dashboard 'All Patients' tab: search, status filter, Edit Patient modal. `toolbar` lets the
 * admin page add its own actions (e.g. Send Message).
 */
export function AdminPatientsTab({ toolbar }: { toolbar?: ReactNode }) {
  const { filters, setFilters, pages, list } = usePatientFilters(ADMIN_PATIENTS_PAGE_SIZE);
  const [editingId, setEditingId] = useState<string | null>(null);
  if (list.error) return <DashboardError error={list.error} />;
  return (
    <div>
      {toolbar ? <div className="mb-4 flex flex-wrap justify-end gap-2">{toolbar}</div> : null}
      <PatientFilters values={filters} onChange={setFilters} />
      <PagedPatientTable
        caption="All patients"
        data={list.data}
        pages={pages}
        pageSize={ADMIN_PATIENTS_PAGE_SIZE}
        pagesLabel="Patient pages"
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
      {editingId ? (
        <EditPatientModal patientId={editingId} onClose={() => setEditingId(null)} />
      ) : null}
    </div>
  );
}
