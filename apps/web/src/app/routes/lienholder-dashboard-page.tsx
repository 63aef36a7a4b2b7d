import { CheckCircle2, HeartPulse, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { RecentBillingActivity } from '#src/features/billing/components/recent-billing-activity.tsx';
import { TotalBilledCard } from '#src/features/billing/components/total-billed-card.tsx';
import { DashboardError } from '#src/features/patients/components/dashboard-error.tsx';
import { PatientTable } from '#src/features/patients/components/patient-table.tsx';
import { useCaseDashboard } from '#src/features/patients/hooks/use-case-dashboard.ts';

const PAGE_SIZE = 10;

/** Counters and patients over the lienholder's linked patients (docs/architecture.md D3). */
export function LienholderDashboardPage() {
  const { counters, list, page, setPage, error } = useCaseDashboard(PAGE_SIZE);

  return (
    <div>
      <PageHeading
        title="Lienholder Dashboard"
        description="Treatment and billing on the patients linked to your liens."
      />
      {error ? (
        <DashboardError error={error} />
      ) : (
        <>
          <section
            aria-label="Patient counts"
            className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4"
          >
            {/* Three counts and the wide Total Billed: on a phone the first and last take a
                whole row each, so the two-column grid has no empty cell. */}
            <StatCard
              label="Linked Patients"
              value={counters?.total}
              icon={Users}
              className="col-span-2 lg:col-span-1"
            />
            <StatCard
              label="In Treatment"
              value={counters ? counters.inTreatment + counters.awaitingDocs : undefined}
              icon={HeartPulse}
            />
            <StatCard label="Discharged" value={counters?.completed} icon={CheckCircle2} />
            <TotalBilledCard />
          </section>
          <RecentBillingActivity />
          <section aria-labelledby="linked-patients-heading" className="mb-6">
            <h2 id="linked-patients-heading" className="mb-3 text-lg font-semibold text-ink">
              Linked Patients
            </h2>
            <PatientTable
              caption="Linked Patients"
              patients={list.data?.items}
              isLoading={list.isPending}
              renderActions={(patient) => (
                <Link
                  to={`/patients/${patient.id}`}
                  className="font-medium text-brand underline-offset-2 hover:underline"
                  aria-label={`View patient ${patient.fullName}`}
                >
                  View
                </Link>
              )}
            />
            {list.data ? (
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                onPageChange={setPage}
                label="Linked patient pages"
              />
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
