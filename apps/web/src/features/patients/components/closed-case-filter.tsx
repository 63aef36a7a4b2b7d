import {
  CLOSED_CASE_FILTER_LABELS,
  CLOSED_CASE_FILTERS,
  CLOSING_TEXTS,
  type ClosedCaseFilter,
} from '@casebridge/domain/closing/closing-constants';
import { useSearchParams } from 'react-router';
import { Label, Select } from '#src/components/ui/input.tsx';

const isClosedCaseFilter = (value: string | null): value is ClosedCaseFilter =>
  CLOSED_CASE_FILTERS.some((filter) => filter === value);

/**
 * The Cases filter kept in the URL as `?closed=all` or `?closed=closed` (none: the active
 * cases, the API's default), so a reload, a shared link or the back button keeps the choice.
 * Other parameters stay.
 */
export function useClosedParam(): [ClosedCaseFilter, (value: ClosedCaseFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('closed');
  const closed: ClosedCaseFilter = isClosedCaseFilter(raw) ? raw : 'active';
  const setClosed = (value: ClosedCaseFilter) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'active') next.delete('closed');
        else next.set('closed', value);
        return next;
      },
      { replace: true },
    );
  return [closed, setClosed];
}

/** What the list query sends: nothing for the default, so its cache key stays the same. */
export const closedQueryOf = (value: ClosedCaseFilter) => (value === 'active' ? undefined : value);

/** The patient lists' 'Cases' filter: the active cases, all of them, or the closed ones only. */
export function ClosedCaseFilterSelect({
  value,
  onChange,
  id = 'patient-closed-filter',
}: {
  value: ClosedCaseFilter;
  onChange: (value: ClosedCaseFilter) => void;
  id?: string;
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {CLOSING_TEXTS.closedFilterLabel}
      </Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isClosedCaseFilter(next)) onChange(next);
        }}
      >
        {CLOSED_CASE_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {CLOSED_CASE_FILTER_LABELS[filter]}
          </option>
        ))}
      </Select>
    </div>
  );
}
