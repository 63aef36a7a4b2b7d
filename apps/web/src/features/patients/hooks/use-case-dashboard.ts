import type { DashboardStats } from '@casebridge/domain/patients/dashboard-counters';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { usePatientList, usePatientStats } from '#src/features/patients/api/patients-api.ts';

/**
 * What the firm and lienholder dashboards share: the server's counts over the user's patients,
 * turned into the dashboard's counters by its domain rule, and one keyset page of the patients,
 * most recently updated first, with a single error for either query.
 */
export function useCaseDashboard<TCounters>(
  pageSize: number,
  getCounters: (stats: DashboardStats) => TCounters,
  filters: { gap?: 'open'; closed?: 'all' | 'closed' } = {},
) {
  const stats = usePatientStats();
  const pages = useCursorPages<string>();
  const list = usePatientList({
    sort: 'last_updated',
    cursor: pages.cursor,
    limit: pageSize,
    ...filters,
  });
  return {
    counters: stats.data ? getCounters(stats.data) : undefined,
    list,
    pages,
    error: stats.error ?? list.error,
  };
}
