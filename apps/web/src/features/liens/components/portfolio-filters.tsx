import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { Input, Label, Select } from '#src/components/ui/input.tsx';

export type PortfolioFilterValues = {
  search: string;
  status: TreatmentStatus | '';
  hasGapOnly: boolean;
};

/** Search by patient name, the case status and 'Has gap': each change shows page 1 again. */
export function PortfolioFilters({
  values,
  onChange,
}: {
  values: PortfolioFilterValues;
  onChange: (values: PortfolioFilterValues) => void;
}) {
  return (
    <div className="mb-3 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
      <div>
        <Label htmlFor="portfolio-search">Search patients</Label>
        <Input
          id="portfolio-search"
          type="search"
          autoComplete="off"
          placeholder="Patient name"
          value={values.search}
          onChange={(event) => onChange({ ...values, search: event.currentTarget.value })}
        />
      </div>
      <div>
        <Label htmlFor="portfolio-status">Case status</Label>
        <Select
          id="portfolio-status"
          value={values.status}
          onChange={(event) =>
            onChange({ ...values, status: event.currentTarget.value as TreatmentStatus | '' })
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
      <label className="flex h-10 items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={values.hasGapOnly}
          onChange={(event) => onChange({ ...values, hasGapOnly: event.currentTarget.checked })}
        />
        Has gap
      </label>
    </div>
  );
}
