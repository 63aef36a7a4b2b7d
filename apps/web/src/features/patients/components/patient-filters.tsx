import { BULK_TEXTS, PATIENT_PAGE_SIZE_CHOICES } from '@casebridge/domain/patients/bulk-texts';
import { PATIENT_SORTS, type PatientSort } from '@casebridge/domain/patients/patient-texts';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { Search } from 'lucide-react';
import { Input, Label, Select } from '#src/components/ui/input.tsx';
import type { ClosedCaseFilter } from '@casebridge/domain/closing/closing-constants';
import { ClosedCaseFilterSelect } from './closed-case-filter.tsx';
import { GapFilter, type GapFilterValue } from './gap-filter.tsx';

export type PatientFilterValues = {
  search: string;
  status: TreatmentStatus | '';
  /** The Gaps filter: '' every patient, 'open' only those with an open treatment gap. */
  gap: GapFilterValue;
  /** The Cases filter: the active cases (default), closed ones included, or closed only. */
  closed: ClosedCaseFilter;
  sort: PatientSort;
  /** Rows per page, one of PATIENT_PAGE_SIZE_CHOICES (or the list's own default). */
  pageSize: number;
};

const SORT_LABELS: Record<PatientSort, string> = {
  last_updated: 'Last updated',
  name: 'Name',
  status: 'Status',
};

export function PatientFilters({
  values,
  onChange,
  showSort = true,
  className,
}: {
  values: PatientFilterValues;
  onChange: (values: PatientFilterValues) => void;
  showSort?: boolean;
  className?: string;
}) {
  return (
    // On a phone the search takes the first row and the five filters share two more, three and
    // two, so the first patient stays above the fold.
    <div
      className={`mb-4 grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-[1fr_auto_auto_auto_auto_auto] ${className ?? ''}`}
    >
      <div className="col-span-3 lg:col-span-1">
        <Label htmlFor="patient-search" className="sr-only">
          Search patients by name, date of birth or reference
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-muted"
            aria-hidden
          />
          <Input
            id="patient-search"
            type="search"
            placeholder="Name, date of birth or reference..."
            value={values.search}
            onChange={(event) => onChange({ ...values, search: event.target.value })}
            className="pl-9"
          />
        </div>
      </div>
      <div>
        <Label htmlFor="patient-status-filter" className="sr-only">
          Filter by status
        </Label>
        <Select
          id="patient-status-filter"
          value={values.status}
          onChange={(event) =>
            onChange({ ...values, status: event.target.value as TreatmentStatus | '' })
          }
        >
          <option value="">All statuses</option>
          {TREATMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      </div>
      <GapFilter value={values.gap} onChange={(gap) => onChange({ ...values, gap })} />
      <ClosedCaseFilterSelect
        value={values.closed}
        onChange={(closed) => onChange({ ...values, closed })}
      />
      {showSort ? (
        <div>
          <Label htmlFor="patient-sort" className="sr-only">
            Sort by
          </Label>
          <Select
            id="patient-sort"
            value={values.sort}
            onChange={(event) => onChange({ ...values, sort: event.target.value as PatientSort })}
          >
            {PATIENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                Sort: {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div>
        <Label htmlFor="patient-page-size" className="sr-only">
          {BULK_TEXTS.pageSize}
        </Label>
        <Select
          id="patient-page-size"
          value={String(values.pageSize)}
          onChange={(event) => onChange({ ...values, pageSize: Number(event.target.value) })}
        >
          {[...new Set([values.pageSize, ...PATIENT_PAGE_SIZE_CHOICES])]
            .toSorted((a, b) => a - b)
            .map((size) => (
              <option key={size} value={size}>
                {BULK_TEXTS.perPage(size)}
              </option>
            ))}
        </Select>
      </div>
    </div>
  );
}
