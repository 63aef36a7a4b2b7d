import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Input, Label } from '../../../components/ui/input.tsx';

type DemographicsValues = {
  fullName: string;
  dob: string;
  intakeDate?: string | null;
  evalDate?: string | null;
  lastTreatmentDate?: string | null;
  pointOfContactName?: string | null;
  pointOfContactPhone?: string | null;
};

const FIELDS: Array<{
  name: keyof DemographicsValues;
  label: string;
  type: string;
  isRequired?: boolean;
  autoComplete?: string;
}> = [
  { name: 'fullName', label: 'Full Name', type: 'text', isRequired: true, autoComplete: 'off' },
  { name: 'dob', label: 'Date of Birth', type: 'date', isRequired: true },
  { name: 'intakeDate', label: 'Intake Date', type: 'date' },
  { name: 'evalDate', label: 'Evaluation Date', type: 'date' },
  { name: 'lastTreatmentDate', label: 'Last Treatment Date', type: 'date' },
  {
    name: 'pointOfContactName',
    label: 'Best Point of Contact Name',
    type: 'text',
    autoComplete: 'off',
  },
  {
    name: 'pointOfContactPhone',
    label: 'Best Point of Contact Phone',
    type: 'tel',
    autoComplete: 'off',
  },
];

/** The patient's own fields, shared by Demographics, Add Patient and the admin Edit Patient modal. */
export function DemographicsFields<T extends FieldValues & DemographicsValues>({
  idPrefix,
  form,
}: {
  idPrefix: string;
  form: UseFormReturn<T, unknown, unknown>;
}) {
  return (
    <>
      {FIELDS.map((field) => {
        const error = form.formState.errors[field.name]?.message;
        const id = `${idPrefix}-${field.name}`;
        return (
          <div key={field.name}>
            <Label htmlFor={id}>
              {field.label}
              {field.isRequired ? <span aria-hidden> *</span> : null}
            </Label>
            <Input
              id={id}
              type={field.type}
              autoComplete={field.autoComplete}
              aria-required={field.isRequired}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(field.name as Path<T>)}
            />
            {error ? (
              <p id={`${id}-error`} className="mt-1 text-xs text-danger">
                {String(error)}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
