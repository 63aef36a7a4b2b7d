import { useState } from 'react';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { usePatientList } from '#src/features/patients/api/patients-api.ts';
import type { PatientFilterValues } from '#src/features/patients/components/patient-filters.tsx';

/**
 * Filter state plus the server-side keyset page it selects; changing a filter goes back
 * to the first page.
 */
export function usePatientFilters(pageSize: number) {
  const [filters, setFiltersState] = useState<PatientFilterValues>({
    search: '',
    status: '',
    gap: '',
    sort: 'last_updated',
  });
  const pages = useCursorPages<string>();
  const search = useDebouncedValue(filters.search.trim());
  const list = usePatientList({
    search: search || undefined,
    status: filters.status || undefined,
    gap: filters.gap || undefined,
    sort: filters.sort,
    limit: pageSize,
    cursor: pages.cursor,
  });
  return {
    filters,
    setFilters: (next: PatientFilterValues) => {
      setFiltersState(next);
      pages.reset();
    },
    pages,
    list,
  };
}
