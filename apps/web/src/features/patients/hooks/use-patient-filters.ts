import {
  CLOSED_CASE_FILTERS,
  type ClosedCaseFilter,
} from '@casebridge/domain/closing/closing-constants';
import { PATIENT_PAGE_SIZE_CHOICES } from '@casebridge/domain/patients/bulk-texts';
import { PATIENT_SORTS, type PatientSort } from '@casebridge/domain/patients/patient-texts';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { useSearchParams } from 'react-router';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { usePatientList } from '#src/features/patients/api/patients-api.ts';
import { closedQueryOf } from '#src/features/patients/components/closed-case-filter.tsx';
import type { PatientFilterValues } from '#src/features/patients/components/patient-filters.tsx';

/** The URL parameters of a dashboard list: `?q=&status=&gap=open&closed=&sort=&size=`. */
const PARAMS = {
  search: 'q',
  status: 'status',
  gap: 'gap',
  closed: 'closed',
  sort: 'sort',
  size: 'size',
} as const;

const isOneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  values.includes(value as T);

/** The filters a URL names; anything unknown falls back to the list's default. */
export function readPatientFilters(params: URLSearchParams, defaultSize: number) {
  const status = params.get(PARAMS.status);
  const sort = params.get(PARAMS.sort);
  const closed = params.get(PARAMS.closed);
  const size = Number(params.get(PARAMS.size));
  return {
    search: params.get(PARAMS.search) ?? '',
    status: isOneOf<TreatmentStatus>(TREATMENT_STATUSES, status) ? status : '',
    gap: params.get(PARAMS.gap) === 'open' ? 'open' : '',
    closed: isOneOf<ClosedCaseFilter>(CLOSED_CASE_FILTERS, closed) ? closed : 'active',
    sort: isOneOf<PatientSort>(PATIENT_SORTS, sort) ? sort : 'last_updated',
    pageSize: isOneOf<number>(PATIENT_PAGE_SIZE_CHOICES, size) ? size : defaultSize,
  } satisfies PatientFilterValues;
}

/**
 * Filter state plus the server-side keyset page it selects; changing a filter goes back to the
 * first page. Every filter lives in the URL (search, status, Gaps, sort, page size), so a link,
 * a reload or the back button keeps the list as it was; other parameters (`?tab=`) stay.
 */
export function usePatientFilters(defaultPageSize: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readPatientFilters(searchParams, defaultPageSize);
  const pages = useCursorPages<string>();
  const search = useDebouncedValue(filters.search.trim());
  const list = usePatientList({
    search: search || undefined,
    status: filters.status || undefined,
    gap: filters.gap || undefined,
    closed: closedQueryOf(filters.closed),
    sort: filters.sort,
    limit: filters.pageSize,
    cursor: pages.cursor,
  });
  return {
    filters,
    setFilters: (next: PatientFilterValues) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const values: Record<keyof typeof PARAMS, string> = {
            search: next.search,
            status: next.status,
            gap: next.gap,
            closed: next.closed === 'active' ? '' : next.closed,
            sort: next.sort === 'last_updated' ? '' : next.sort,
            size: next.pageSize === defaultPageSize ? '' : String(next.pageSize),
          };
          for (const [key, name] of Object.entries(PARAMS)) {
            const value = values[key as keyof typeof PARAMS];
            if (value) params.set(name, value);
            else params.delete(name);
          }
          return params;
        },
        { replace: true },
      );
      pages.reset();
    },
    pages,
    list,
  };
}
