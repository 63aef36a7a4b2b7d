import { FIRM_DASHBOARD_PAGE_SIZE } from '@casebridge/domain/constants';
import { CheckCircle2, FileClock, HeartPulse, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { DashboardError } from '#src/features/patients/components/dashboard-error.tsx';
import { PatientTable } from '#src/features/patients/components/patient-table.tsx';
import { useCaseDashboard } from '#src/features/patients/hooks/use-case-dashboard.ts';

export function FirmDashboardPage() {
  const { counters, list, page, setPage, error } = useCaseDashboard(FIRM_DASHBOARD_PAGE_SIZE);

  return (
    <div>
      <PageHeading
        title="Attorney Firm Dashboard"
        description="Your clients' treatment and case status."
      />
      {error ? (
        <DashboardError error={error} />
      ) : (
        <>
          <section aria-label="Case counts" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="In Treatment" value={counters?.inTreatment} icon={HeartPulse} />
            <StatCard label="Awaiting Docs" value={counters?.awaitingDocs} icon={FileClock} />
            <StatCard label="Completed" value={counters?.completed} icon={CheckCircle2} />
            <StatCard label="Total Cases" value={counters?.total} icon={Users} />
          </section>
          <section aria-labelledby="client-cases-heading">
            <h2 id="client-cases-heading" className="mb-3 text-lg font-semibold text-ink">
              Client Cases
            </h2>
            <PatientTable
              caption="Client Cases"
              patients={list.data?.items}
              isLoading={list.isPending}
              renderActions={(patient) => (
                <Link
                  to={`/patients/${patient.id}`}
                  className="font-medium text-brand underline-offset-2 hover:underline"
                  aria-label={`View Case: ${patient.fullName}`}
                >
                  View Case
                </Link>
              )}
            />
            {list.data ? (
              <Pagination
                page={page}
                pageSize={FIRM_DASHBOARD_PAGE_SIZE}
                total={list.data.total}
                onPageChange={setPage}
                label="Client case pages"
              />
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
