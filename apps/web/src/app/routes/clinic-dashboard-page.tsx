import { CLINIC_DASHBOARD_PAGE_SIZE } from '@casebridge/domain/constants';
import { COUNTER_HINTS, getClinicCounters } from '@casebridge/domain/patients/dashboard-counters';
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
import { DashboardPage } from '#src/features/patients/components/dashboard-page.tsx';
import { PatientCard } from '#src/features/patients/components/patient-card.tsx';
import { PatientFilters } from '#src/features/patients/components/patient-filters.tsx';
import { usePatientFilters } from '#src/features/patients/hooks/use-patient-filters.ts';

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
      <PatientFilters values={filters} onChange={setFilters} />
      <section aria-label="Patients" aria-busy={list.isFetching}>
        {!list.data ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-36" />
            ))}
          </div>
        ) : list.data.items.length === 0 ? (
          <EmptyState title="No patients found">Try another search or status.</EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((patient) => (
              <li key={patient.id}>
                <PatientCard patient={patient} />
              </li>
            ))}
          </ul>
        )}
        <CursorPageControls
          pages={pages}
          pageSize={CLINIC_DASHBOARD_PAGE_SIZE}
          data={list.data}
          label="Patient pages"
        />
      </section>
      {clinicId ? (
        <LazyBoundary fallback={<Skeleton className="mt-8 h-40" />}>
          <GapSettingPanel.Component clinicId={clinicId} />
        </LazyBoundary>
      ) : null}
    </DashboardPage>
  );
}
