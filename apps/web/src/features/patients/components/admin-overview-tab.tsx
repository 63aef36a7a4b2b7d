import { Building2, Gavel, Landmark, UserCheck, Users } from 'lucide-react';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { useAdminOverview } from '#src/features/patients/api/admin-overview-api.ts';
import { DashboardError } from './dashboard-error.tsx';
import { StatusChart } from './status-chart.tsx';

/** Admin Dashboard 'Overview' tab: real counts and patients by status. */
export function AdminOverviewTab() {
  const overview = useAdminOverview();
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
        <StatusChart byStatus={data.patients.byStatus} />
      ) : (
        <Skeleton className="h-80 w-full" />
      )}
    </div>
  );
}
