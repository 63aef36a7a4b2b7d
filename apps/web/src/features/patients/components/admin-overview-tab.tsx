import { useEffect } from 'react';
import { Building2, Gavel, Landmark, UserCheck, Users } from 'lucide-react';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { useAdminOverview } from '#src/features/patients/api/admin-overview-api.ts';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { DashboardError } from './dashboard-error.tsx';

// The charting library is most of the admin page's weight and only this chart uses it: it loads
// with the chart, in parallel with the overview's data, behind a placeholder of the chart's size.
const StatusChart = lazyComponent(
  () => import('./status-chart.tsx'),
  (module) => module.StatusChart,
);
/** The chart's frame at the chart's height (status-chart.tsx), so nothing moves when it arrives. */
const chartPlaceholder = (
  <div aria-hidden className="rounded-lg border border-border bg-surface p-4">
    <Skeleton className="mb-2 h-6 w-40" />
    <Skeleton className="h-72" />
  </div>
);

/** Admin Dashboard 'Overview' tab: real counts and patients by status. */
export function AdminOverviewTab() {
  const overview = useAdminOverview();
  useEffect(() => StatusChart.preload(), []);
  if (overview.error) return <DashboardError error={overview.error} />;
  const data = overview.data;
  return (
    <div className="space-y-6">
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {/* Five cards: on a phone the first takes a whole row, so the grid has no empty cell. */}
        <StatCard
          label="Total Users"
          value={data?.totalUsers}
          icon={Users}
          className="col-span-2 lg:col-span-1"
        />
        <StatCard label="Total Patients" value={data?.patients.total} icon={UserCheck} />
        <StatCard label="Clinics" value={data?.organizations.clinics} icon={Building2} />
        <StatCard label="Attorney Firms" value={data?.organizations.firms} icon={Gavel} />
        <StatCard label="Lienholders" value={data?.organizations.lienholders} icon={Landmark} />
      </section>
      {data ? (
        <LazyBoundary fallback={chartPlaceholder}>
          <StatusChart.Component byStatus={data.patients.byStatus} />
        </LazyBoundary>
      ) : (
        chartPlaceholder
      )}
    </div>
  );
}
