import { useState } from 'react';
import {
  closedQueryOf,
  useClosedParam,
} from '#src/features/patients/components/closed-case-filter.tsx';
import { useGapParam } from '#src/features/patients/components/gap-filter.tsx';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { usePatientList } from '#src/features/patients/api/patients-api.ts';
import type { PatientFilterValues } from '#src/features/patients/components/patient-filters.tsx';

type LocalFilters = Omit<PatientFilterValues, 'gap' | 'closed'>;

/**
 * Filter state plus the server-side keyset page it selects; changing a filter goes back
 * to the first page. The Gaps and Cases filters live in the URL (useGapParam, useClosedParam),
 * the others in the page.
 */
export function usePatientFilters(pageSize: number) {
  const [local, setLocal] = useState<LocalFilters>({
    search: '',
    status: '',
    sort: 'last_updated',
  });
  const [gap, setGap] = useGapParam();
  const [closed, setClosed] = useClosedParam();
  const filters: PatientFilterValues = { ...local, gap, closed };
  const pages = useCursorPages<string>();
  const search = useDebouncedValue(filters.search.trim());
  const list = usePatientList({
    search: search || undefined,
    status: filters.status || undefined,
    gap: filters.gap || undefined,
    closed: closedQueryOf(filters.closed),
    sort: filters.sort,
    limit: pageSize,
    cursor: pages.cursor,
  });
  return {
    filters,
    setFilters: ({ gap: nextGap, closed: nextClosed, ...next }: PatientFilterValues) => {
      setLocal(next);
      if (nextGap !== gap) setGap(nextGap);
      if (nextClosed !== closed) setClosed(nextClosed);
      pages.reset();
    },
    pages,
    list,
  };
}
