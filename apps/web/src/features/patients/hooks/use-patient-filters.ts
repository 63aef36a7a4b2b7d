import { useState } from 'react';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { usePatientList } from '#src/features/patients/api/patients-api.ts';
import type { PatientFilterValues } from '#src/features/patients/components/patient-filters.tsx';

/** Filter state plus the server-side page it selects; changing a filter goes back to page 1. */
export function usePatientFilters(pageSize: number) {
  const [filters, setFiltersState] = useState<PatientFilterValues>({
    search: '',
    status: '',
    sort: 'last_updated',
  });
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(filters.search.trim());
  const list = usePatientList({
    search: search || undefined,
    status: filters.status || undefined,
    sort: filters.sort,
    page,
    pageSize,
  });
  return {
    filters,
    setFilters: (next: PatientFilterValues) => {
      setFiltersState(next);
      setPage(1);
    },
    page,
    setPage,
    list,
  };
}
