import { ASSIGNED_CLINICS_VISIBLE_ROWS } from '@casebridge/domain/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';

type Registered = UseFormRegisterReturn;

/**
 * Assigned clinics (multi-select of 4 rows), attorney firm and lienholders pickers, for those
 * who may assign organisations (Add Patient, an admin's Demographics and Edit Patient).
 */
export function OrganizationFields({
  idPrefix,
  clinics,
  firm,
  lienholders,
  isRequired = false,
  errors = {},
}: {
  idPrefix: string;
  clinics: Registered;
  firm: Registered;
  lienholders?: Registered;
  /** Add Patient requires a clinic and a firm (spec section 5). */
  isRequired?: boolean;
  errors?: { clinics?: string; firm?: string };
}) {
  const clinicOptions = useOrganizationOptions('clinic');
  const firmOptions = useOrganizationOptions('firm');
  const lienholderOptions = useOrganizationOptions('lienholder');
  return (
    <>
      <FormField
        id={`${idPrefix}-clinics`}
        label="Assigned Clinics"
        isRequired={isRequired}
        hint="Hold Ctrl/Cmd to select multiple clinics"
        error={errors.clinics}
      >
        <Select multiple size={ASSIGNED_CLINICS_VISIBLE_ROWS} {...clinics}>
          {(clinicOptions.data ?? []).map((clinic) => (
            <option key={clinic.id} value={clinic.id}>
              {clinic.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id={`${idPrefix}-firm`}
        label="Attorney Firm"
        isRequired={isRequired}
        error={errors.firm}
      >
        <Select {...firm}>
          <option value="">Select an attorney firm...</option>
          {(firmOptions.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      </FormField>
      {lienholders ? (
        <FormField id={`${idPrefix}-lienholders`} label="Lienholders">
          <Select multiple size={3} {...lienholders}>
            {(lienholderOptions.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
    </>
  );
}
