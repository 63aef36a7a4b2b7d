import type { DashboardStats } from '@casebridge/domain/patients/dashboard-counters';
import { useState } from 'react';
import { usePatientList, usePatientStats } from '#src/features/patients/api/patients-api.ts';

/**
 * What the firm and lienholder dashboards share: the server's counts over the user's patients,
 * turned into the dashboard's counters by its domain rule, and one page of the patients, most
 * recently updated first, with a single error for either query.
 */
export function useCaseDashboard<TCounters>(
  pageSize: number,
  getCounters: (stats: DashboardStats) => TCounters,
) {
  const stats = usePatientStats();
  const [page, setPage] = useState(1);
  const list = usePatientList({ sort: 'last_updated', page, pageSize });
  return {
    counters: stats.data ? getCounters(stats.data) : undefined,
    list,
    page,
    setPage,
    error: stats.error ?? list.error,
  };
}
