import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { Textarea } from './input.tsx';

/**
 * The reason a correction of a financial or clinical record must give (the domain's
 * ZCorrectionReason: required, at most 500 characters), kept with the record's history.
 */
export function ReasonField({
  id,
  label = 'Reason',
  error,
  registration,
}: {
  id: string;
  label?: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} isRequired error={error}>
      <Textarea rows={3} maxLength={500} {...registration} />
    </FormField>
  );
}
