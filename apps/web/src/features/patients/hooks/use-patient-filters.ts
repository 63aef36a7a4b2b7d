import { useState } from 'react';
import { useGapParam } from '#src/features/patients/components/gap-filter.tsx';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { usePatientList } from '#src/features/patients/api/patients-api.ts';
import type { PatientFilterValues } from '#src/features/patients/components/patient-filters.tsx';

type LocalFilters = Omit<PatientFilterValues, 'gap'>;

/**
 * Filter state plus the server-side keyset page it selects; changing a filter goes back
 * to the first page. The Gaps filter lives in the URL (useGapParam), the others in the page.
 */
export function usePatientFilters(pageSize: number) {
  const [local, setLocal] = useState<LocalFilters>({
    search: '',
    status: '',
    sort: 'last_updated',
  });
  const [gap, setGap] = useGapParam();
  const filters: PatientFilterValues = { ...local, gap };
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
    setFilters: ({ gap: nextGap, ...next }: PatientFilterValues) => {
      setLocal(next);
      if (nextGap !== gap) setGap(nextGap);
      pages.reset();
    },
    pages,
    list,
  };
}
