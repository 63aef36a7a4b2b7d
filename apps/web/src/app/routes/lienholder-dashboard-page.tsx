import { LIENHOLDER_DASHBOARD_PAGE_SIZE } from '@casebridge/domain/constants';
import {
  COUNTER_HINTS,
  getLienholderCounters,
} from '@casebridge/domain/patients/dashboard-counters';
import { CheckCircle2, HeartPulse, Users } from 'lucide-react';
import { StatCard, StatCardGrid } from '#src/components/ui/stat-card.tsx';
import { RecentBillingActivity } from '#src/features/billing/components/recent-billing-activity.tsx';
import { TotalBilledCard } from '#src/features/billing/components/total-billed-card.tsx';
import { AgingChart } from '#src/features/liens/components/aging-chart.tsx';
import { PortfolioSection } from '#src/features/liens/components/portfolio-section.tsx';
import { PayoffInbox } from '#src/features/closing/components/payoff-inbox.tsx';
import { OverdueUpdatesNotice } from '#src/features/case-facts/components/overdue-updates-notice.tsx';
import {
  DashboardPage,
  PHONE_LIST_FIRST,
} from '#src/features/patients/components/dashboard-page.tsx';
import {
  PatientActionLink,
  PatientTableSection,
} from '#src/features/patients/components/paged-patient-table.tsx';
import { BulkActionBar } from '#src/features/patients/components/bulk-action-bar.tsx';
import { PatientFilters } from '#src/features/patients/components/patient-filters.tsx';
import { useCaseDashboard } from '#src/features/patients/hooks/use-case-dashboard.ts';
import { usePatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';

/**
 * Counters and patients over the lienholder's linked patients (docs/architecture.md D3), and its
 * lien portfolio with the aging of its balances.
 */
export function LienholderDashboardPage() {
  const { counters, filters, setFilters, list, pages, error } = useCaseDashboard(
    LIENHOLDER_DASHBOARD_PAGE_SIZE,
    getLienholderCounters,
  );
  const selection = usePatientSelection(list.data?.items);

  return (
    <DashboardPage
      title="Lienholder Dashboard"
      description="Treatment and billing on the patients linked to your liens."
      error={error}
    >
      <StatCardGrid label="Patient counts">
        {/* Three counts and the wide Total Billed: on a phone the first and last take a
            whole row each, so the two-column grid has no empty cell. */}
        <StatCard
          label="Linked Patients"
          value={counters?.linkedPatients}
          icon={Users}
          className="col-span-2 lg:col-span-1"
        />
        <StatCard
          label="In Treatment"
          value={counters?.inTreatment}
          icon={HeartPulse}
          hint={COUNTER_HINTS.inTreatment}
        />
        <StatCard label="Discharged" value={counters?.discharged} icon={CheckCircle2} />
        <TotalBilledCard />
      </StatCardGrid>
      <OverdueUpdatesNotice />
      <PayoffInbox />
      <PortfolioSection />
      <AgingChart />
      <RecentBillingActivity />
      <PatientFilters values={filters} onChange={setFilters} className={PHONE_LIST_FIRST} />
      <PatientTableSection
        headingId="linked-patients-heading"
        title="Linked Patients"
        className={`mb-6 ${PHONE_LIST_FIRST}`}
        data={list.data}
        pages={pages}
        pageSize={filters.pageSize}
        pagesLabel="Linked patient pages"
        selection={selection}
        renderActions={(patient) => (
          <PatientActionLink
            patientId={patient.id}
            label="View"
            accessibleName={`View patient ${patient.fullName}`}
          />
        )}
      />
      <div className={PHONE_LIST_FIRST}>
        <BulkActionBar selection={selection} />
      </div>
    </DashboardPage>
  );
}
