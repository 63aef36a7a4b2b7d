import type { DashboardStats } from '@casebridge/domain/patients/dashboard-counters';
import { usePatientStats } from '#src/features/patients/api/patients-api.ts';
import { usePatientFilters } from './use-patient-filters.ts';

/**
 * What the firm and lienholder dashboards share: the server's counts over the user's patients,
 * turned into the dashboard's counters by its domain rule, and one keyset page of the patients
 * with the clinic's search, status, Gaps, sort and page-size filters (in the URL), with a
 * single error for either query.
 */
export function useCaseDashboard<TCounters>(
  pageSize: number,
  getCounters: (stats: DashboardStats) => TCounters,
) {
  const stats = usePatientStats();
  const { filters, setFilters, pages, list } = usePatientFilters(pageSize);
  return {
    counters: stats.data ? getCounters(stats.data) : undefined,
    filters,
    setFilters,
    list,
    pages,
    error: stats.error ?? list.error,
  };
}
