import { TREATMENT_GAP_TEXTS } from '@casebridge/domain/gaps/treatment-gap';
import { useSearchParams } from 'react-router';
import { Label, Select } from '#src/components/ui/input.tsx';

export type GapFilterValue = '' | 'open';

/**
 * The Gaps filter kept in the URL as `?gap=open`, so a treatment-gap digest's link opens the
 * dashboard filtered, and a reload or the back button keeps the choice. Other parameters stay.
 */
export function useGapParam(): [GapFilterValue, (value: GapFilterValue) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const gap: GapFilterValue = searchParams.get('gap') === 'open' ? 'open' : '';
  const setGap = (value: GapFilterValue) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('gap', value);
        else next.delete('gap');
        return next;
      },
      { replace: true },
    );
  return [gap, setGap];
}

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
