import { CLINIC_DASHBOARD_PAGE_SIZE } from '@casebridge/domain/constants';
import { BULK_TEXTS } from '@casebridge/domain/patients/bulk-texts';
import { COUNTER_HINTS, getClinicCounters } from '@casebridge/domain/patients/dashboard-counters';
import { canChangeStatus } from '@casebridge/domain/patients/patient.policy';
import { Activity, CheckCircle2, ClipboardList, Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { StatCard, StatCardGrid } from '#src/components/ui/stat-card.tsx';
import { useAuth } from '#src/lib/auth-context.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { OverdueUpdatesNotice } from '#src/features/case-facts/components/overdue-updates-notice.tsx';
import { usePatientStats } from '#src/features/patients/api/patients-api.ts';
import {
  DashboardPage,
  PHONE_LIST_FIRST,
} from '#src/features/patients/components/dashboard-page.tsx';
import { BulkActionBar } from '#src/features/patients/components/bulk-action-bar.tsx';
import { PatientCard } from '#src/features/patients/components/patient-card.tsx';
import { PatientFilters } from '#src/features/patients/components/patient-filters.tsx';
import { SelectCheckbox } from '#src/features/patients/components/select-checkbox.tsx';
import { usePatientFilters } from '#src/features/patients/hooks/use-patient-filters.ts';
import { usePatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';

// The setting's form brings the domain schema (zod): it loads after the dashboard (ADR 0015).
const GapSettingPanel = lazyComponent(
  () => import('#src/features/treatment-gaps/components/gap-setting-panel.tsx'),
  (module) => module.GapSettingPanel,
);

export function ClinicDashboardPage() {
  const { canCreatePatients, user } = useAuth();
  const clinicId = user?.role === 'clinic' ? user.organization?.id : undefined;
  const stats = usePatientStats();
  const { filters, setFilters, pages, list } = usePatientFilters(CLINIC_DASHBOARD_PAGE_SIZE);
  const selection = usePatientSelection(list.data?.items);
  const canEditStatus = user ? canChangeStatus(user) : false;
  const counters = stats.data ? getClinicCounters(stats.data) : undefined;
  const error = stats.error ?? list.error;

  return (
    <DashboardPage
      title="Clinic Dashboard"
      description="Your clinic's patients and where each one stands."
      actions={
        canCreatePatients ? (
          <Link
            to="/add-patient"
            className="inline-flex h-10 items-center gap-2 rounded-md bg-brand px-4 text-sm font-medium text-brand-ink hover:opacity-90"
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add Patient
          </Link>
        ) : null
      }
      error={error}
    >
      <StatCardGrid label="Patient counts">
        <StatCard
          label="Active Patients"
          value={counters?.active}
          icon={Activity}
          hint={COUNTER_HINTS.active}
        />
        <StatCard label="Pending Evals" value={counters?.pendingEvals} icon={ClipboardList} />
        <StatCard label="Discharged" value={counters?.discharged} icon={CheckCircle2} />
        <StatCard label="Total Patients" value={counters?.total} icon={Users} />
      </StatCardGrid>
      <OverdueUpdatesNotice />
      <PatientFilters values={filters} onChange={setFilters} className={PHONE_LIST_FIRST} />
      <section aria-label="Patients" aria-busy={list.isFetching} className={PHONE_LIST_FIRST}>
        {!list.data ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-36" />
            ))}
          </div>
        ) : list.data.items.length === 0 ? (
          <EmptyState title="No patients found">Try another search or status.</EmptyState>
        ) : (
          <>
            <label className="mb-2 inline-flex items-center gap-2 text-sm text-ink">
              <SelectCheckbox
                label={BULK_TEXTS.selectAllOnPage}
                checked={selection.pageState(list.data.items)}
                onChange={() => selection.togglePage(list.data?.items ?? [])}
              />
              <span aria-hidden>{BULK_TEXTS.selectAllOnPage}</span>
            </label>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.items.map((patient) => (
                <li key={patient.id}>
                  <PatientCard
                    patient={patient}
                    selection={selection}
                    canEditStatus={canEditStatus}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
        <CursorPageControls
          pages={pages}
          pageSize={filters.pageSize}
          data={list.data}
          label="Patient pages"
        />
        <BulkActionBar selection={selection} />
      </section>
      {clinicId ? (
        <LazyBoundary fallback={<Skeleton className="mt-8 h-40" />}>
          <GapSettingPanel.Component clinicId={clinicId} />
        </LazyBoundary>
      ) : null}
    </DashboardPage>
  );
}
