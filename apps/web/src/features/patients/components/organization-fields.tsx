import { ASSIGNED_CLINICS_VISIBLE_ROWS } from '@casebridge/domain/constants';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Label, Select } from '#src/components/ui/input.tsx';
import { useOrganizationOptions } from '#src/lib/organization-options.ts';

type Registered = UseFormRegisterReturn;

function RequiredMark({ isShown }: { isShown: boolean }) {
  return isShown ? <span aria-hidden> *</span> : null;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-xs text-danger">
      {message}
    </p>
  ) : null;
}

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
  const clinicsId = `${idPrefix}-clinics`;
  const firmId = `${idPrefix}-firm`;
  return (
    <>
      <div>
        <Label htmlFor={clinicsId}>
          Assigned Clinics
          <RequiredMark isShown={isRequired} />
        </Label>
        <Select
          id={clinicsId}
          multiple
          size={ASSIGNED_CLINICS_VISIBLE_ROWS}
          aria-required={isRequired || undefined}
          aria-invalid={errors.clinics ? true : undefined}
          aria-describedby={
            errors.clinics ? `${clinicsId}-hint ${clinicsId}-error` : `${clinicsId}-hint`
          }
          {...clinics}
        >
          {(clinicOptions.data ?? []).map((clinic) => (
            <option key={clinic.id} value={clinic.id}>
              {clinic.name}
            </option>
          ))}
        </Select>
        <p id={`${clinicsId}-hint`} className="mt-1 text-xs text-ink-muted">
          Hold Ctrl/Cmd to select multiple clinics
        </p>
        <FieldError id={`${clinicsId}-error`} message={errors.clinics} />
      </div>
      <div>
        <Label htmlFor={firmId}>
          Attorney Firm
          <RequiredMark isShown={isRequired} />
        </Label>
        <Select
          id={firmId}
          aria-required={isRequired || undefined}
          aria-invalid={errors.firm ? true : undefined}
          aria-describedby={errors.firm ? `${firmId}-error` : undefined}
          {...firm}
        >
          <option value="">Select an attorney firm...</option>
          {(firmOptions.data ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
        <FieldError id={`${firmId}-error`} message={errors.firm} />
      </div>
      {lienholders ? (
        <div>
          <Label htmlFor={`${idPrefix}-lienholders`}>Lienholders</Label>
          <Select id={`${idPrefix}-lienholders`} multiple size={3} {...lienholders}>
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
