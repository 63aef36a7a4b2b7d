import { ASSIGNED_CLINICS_VISIBLE_ROWS } from '@casebridge/domain/constants';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { MultiSelect } from '#src/components/ui/multi-select.tsx';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';

/** The clinic picker's keys, said under it (the spec's 'Hold Ctrl/Cmd' fitted a plain list). */
export const CLINIC_PICKER_HINT =
  'Type to filter; the arrow keys and Enter or Space add or remove the highlighted clinic.';

/** Why a clinic user's own clinic cannot be taken off a patient they add. */
export const OWN_CLINIC_EXPLANATION =
  'Your clinic is always assigned to the patients you add, so it cannot be removed here.';

/** The organisation fields of a patient form (their types are the schema's business). */
type OrganizationValues = { clinicIds?: unknown; firmId?: unknown; lienholderIds?: unknown };

/**
 * Assigned clinics (a searchable multi-select showing 4 rows), attorney firm and lienholders
 * pickers, for those who may assign organisations (Add Patient, an admin's Demographics and Edit
 * Patient).
 */
export function OrganizationFields<T extends FieldValues & OrganizationValues>({
  idPrefix,
  form,
  isRequired = false,
  ownClinicId,
}: {
  idPrefix: string;
  form: UseFormReturn<T, unknown, unknown>;
  /** Add Patient requires a clinic and a firm (spec section 5). */
  isRequired?: boolean;
  /**
   * A clinic user's own clinic, which stays assigned: the server refuses a patient without it
   * ('Your clinic must be one of the assigned clinics'), so a click must not drop it.
   */
  ownClinicId?: string | undefined;
}) {
  const { errors } = form.formState;
  const register = (name: keyof OrganizationValues) => form.register(name as Path<T>);
  const clinicOptions = useOrganizationOptions('clinic');
  const ownClinic = ownClinicId
    ? { ids: [ownClinicId], label: 'your clinic', explanation: OWN_CLINIC_EXPLANATION }
    : undefined;
  const firmOptions = useOrganizationOptions('firm');
  const lienholderOptions = useOrganizationOptions('lienholder');
  return (
    <>
      <FormField
        id={`${idPrefix}-clinics`}
        label="Assigned Clinics"
        isRequired={isRequired}
        hint={CLINIC_PICKER_HINT}
        error={errors.clinicIds?.message}
      >
        {(control) => (
          <Controller
            control={form.control}
            name={'clinicIds' as Path<T>}
            render={({ field }) => (
              <MultiSelect
                {...control}
                ref={field.ref}
                noun="clinic"
                visibleRows={ASSIGNED_CLINICS_VISIBLE_ROWS}
                options={clinicOptions.data ?? []}
                value={(field.value as string[] | undefined) ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                fixed={ownClinic}
              />
            )}
          />
        )}
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
