import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getTodayIsoDate } from '#src/lib/format.ts';

type DemographicsValues = {
  fullName: string;
  dob: string;
  intakeDate?: string | null;
  evalDate?: string | null;
  lastTreatmentDate?: string | null;
  pointOfContactName?: string | null;
  pointOfContactPhone?: string | null;
};

type Field = {
  name: keyof DemographicsValues;
  label: string;
  type: string;
  isRequired?: boolean;
  autoComplete?: string;
};

const PATIENT_FIELDS: Field[] = [
  { name: 'fullName', label: 'Full Name', type: 'text', isRequired: true, autoComplete: 'off' },
  { name: 'dob', label: 'Date of Birth', type: 'date', isRequired: true },
  { name: 'intakeDate', label: 'Intake Date', type: 'date' },
  { name: 'evalDate', label: 'Evaluation Date', type: 'date' },
  { name: 'lastTreatmentDate', label: 'Last Treatment Date', type: 'date' },
];

const CONTACT_FIELDS: Field[] = [
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

/** Each field's label, for the list of what someone else changed (RecordChangedNotice). */
export const DEMOGRAPHICS_LABELS = {
  ...Object.fromEntries(
    [...PATIENT_FIELDS, ...CONTACT_FIELDS].map((field) => [field.name, field.label]),
  ),
  clinicIds: 'Assigned Clinics',
  firmId: 'Attorney Firm',
  lienholderIds: 'Lienholders',
} as const satisfies Record<string, string>;

type FieldsProps<T extends FieldValues & DemographicsValues> = {
  idPrefix: string;
  form: UseFormReturn<T, unknown, unknown>;
};

function FieldList<T extends FieldValues & DemographicsValues>({
  idPrefix,
  form,
  fields,
}: FieldsProps<T> & { fields: Field[] }) {
  return (
    <>
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`${idPrefix}-${field.name}`}
          label={field.label}
          isRequired={field.isRequired}
          error={form.formState.errors[field.name]?.message}
        >
          <Input
            type={field.type}
            autoComplete={field.autoComplete}
            // The date picker offers no day after today; the schema refuses one typed in.
            max={field.name === 'dob' ? getTodayIsoDate() : undefined}
            {...form.register(field.name as Path<T>)}
          />
        </FormField>
      ))}
    </>
  );
}

/**
 * The patient's name and dates, shared by Demographics, Add Patient and the admin Edit Patient
 * modal. The organisation fields come next, then ContactFields (the spec's field order).
 */
export function DemographicsFields<T extends FieldValues & DemographicsValues>(
  props: FieldsProps<T>,
) {
  return <FieldList {...props} fields={PATIENT_FIELDS} />;
}

/** Best Point of Contact Name and Phone, after the assigned clinics and attorney firm. */
export function ContactFields<T extends FieldValues & DemographicsValues>(props: FieldsProps<T>) {
  return <FieldList {...props} fields={CONTACT_FIELDS} />;
}
