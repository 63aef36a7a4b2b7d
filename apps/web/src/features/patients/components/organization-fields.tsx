import { ASSIGNED_CLINICS_VISIBLE_ROWS } from '@casebridge/domain/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Label, Select } from '../../../components/ui/input.tsx';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';

type Registered = UseFormRegisterReturn;

/** Assigned clinics (multi-select of 4 rows), attorney firm and lienholders pickers. */
export function OrganizationFields({
  idPrefix,
  clinics,
  firm,
  lienholders,
  isDisabled = false,
  disabledHint,
}: {
  idPrefix: string;
  clinics: Registered;
  firm: Registered;
  lienholders?: Registered;
  isDisabled?: boolean;
  disabledHint?: string;
}) {
  const clinicOptions = useOrganizationOptions('clinic');
  const firmOptions = useOrganizationOptions('firm');
  const lienholderOptions = useOrganizationOptions('lienholder');
  return (
    <>
      <div>
        <Label htmlFor={`${idPrefix}-clinics`}>Assigned Clinics</Label>
        <Select
          id={`${idPrefix}-clinics`}
          multiple
          size={ASSIGNED_CLINICS_VISIBLE_ROWS}
          disabled={isDisabled}
          aria-describedby={`${idPrefix}-clinics-hint`}
          {...clinics}
        >
          {(clinicOptions.data ?? []).map((clinic) => (
            <option key={clinic.id} value={clinic.id}>
              {clinic.name}
            </option>
          ))}
        </Select>
        <p id={`${idPrefix}-clinics-hint`} className="mt-1 text-xs text-ink-muted">
          {isDisabled && disabledHint ? disabledHint : 'Hold Ctrl/Cmd to select multiple clinics'}
        </p>
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-firm`}>Attorney Firm</Label>
        <Select id={`${idPrefix}-firm`} disabled={isDisabled} {...firm}>
          <option value="">Select an attorney firm...</option>
          {(firmOptions.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      </div>
      {lienholders ? (
        <div>
          <Label htmlFor={`${idPrefix}-lienholders`}>Lienholders</Label>
          <Select
            id={`${idPrefix}-lienholders`}
            multiple
            size={3}
            disabled={isDisabled}
            {...lienholders}
          >
            {(lienholderOptions.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </>
  );
}
