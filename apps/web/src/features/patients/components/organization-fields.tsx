import { ASSIGNED_CLINICS_VISIBLE_ROWS } from '@casebridge/domain/constants';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';

/** The organisation fields of a patient form (their types are the schema's business). */
type OrganizationValues = { clinicIds?: unknown; firmId?: unknown; lienholderIds?: unknown };

/**
 * Assigned clinics (multi-select of 4 rows), attorney firm and lienholders pickers, for those
 * who may assign organisations (Add Patient, an admin's Demographics and Edit Patient).
 */
export function OrganizationFields<T extends FieldValues & OrganizationValues>({
  idPrefix,
  form,
  isRequired = false,
}: {
  idPrefix: string;
  form: UseFormReturn<T, unknown, unknown>;
  /** Add Patient requires a clinic and a firm (spec section 5). */
  isRequired?: boolean;
}) {
  const { errors } = form.formState;
  const register = (name: keyof OrganizationValues) => form.register(name as Path<T>);
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
        error={errors.clinicIds?.message}
      >
        <Select multiple size={ASSIGNED_CLINICS_VISIBLE_ROWS} {...register('clinicIds')}>
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
        error={errors.firmId?.message}
      >
        <Select {...register('firmId')}>
          <option value="">Select an attorney firm...</option>
          {(firmOptions.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${idPrefix}-lienholders`} label="Lienholders">
        <Select multiple size={3} {...register('lienholderIds')}>
          {(lienholderOptions.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      </FormField>
    </>
  );
}
