import { TREATMENT_GAP_TEXTS } from '@casebridge/domain/gaps/treatment-gap';
import { Label, Select } from '#src/components/ui/input.tsx';

export type GapFilterValue = '' | 'open';

/** The dashboards' 'Gaps' filter: every patient, or only those with an open gap. */
export function GapFilter({
  value,
  onChange,
  id = 'patient-gap-filter',
}: {
  value: GapFilterValue;
  onChange: (value: GapFilterValue) => void;
  id?: string;
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {TREATMENT_GAP_TEXTS.filterLabel}
      </Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as GapFilterValue)}
      >
        <option value="">{TREATMENT_GAP_TEXTS.filterAll}</option>
        <option value="open">{TREATMENT_GAP_TEXTS.filterOpen}</option>
      </Select>
    </div>
  );
}
