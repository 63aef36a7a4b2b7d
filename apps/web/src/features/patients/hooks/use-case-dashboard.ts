import { getFirmCounters } from '@casebridge/domain/patients/dashboard-counters';
import { useState } from 'react';
import { usePatientList, usePatientStats } from '#src/features/patients/api/patients-api.ts';

/**
 * What the firm and lienholder dashboards share: counts over the user's patients and one page of
 * them, most recently updated first, with a single error for either query.
 */
export function useCaseDashboard(pageSize: number) {
  const stats = usePatientStats();
  const [page, setPage] = useState(1);
  const list = usePatientList({ sort: 'last_updated', page, pageSize });
  return {
    counters: stats.data ? getFirmCounters(stats.data) : undefined,
    list,
    page,
    setPage,
    error: stats.error ?? list.error,
  };
}
