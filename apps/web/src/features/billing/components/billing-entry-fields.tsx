import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';

export type BillingFieldName = 'cptCode' | 'sessionCount' | 'amount' | 'date';

const FIELDS = {
  cptCode: { label: 'CPT Code', placeholder: 'e.g. 97110', inputMode: 'text', type: 'text' },
  sessionCount: { label: 'Session Count', placeholder: '1', inputMode: 'numeric', type: 'text' },
  amount: { label: 'Amount', placeholder: '0.00', inputMode: 'decimal', type: 'text' },
  date: { label: 'Date', placeholder: undefined, inputMode: undefined, type: 'date' },
} as const;

/**
 * The fields of a billing line, as 'Add Billing Entry' and 'Edit Billing Entry' show them: each
 * labelled, its error under it, the amount with a '$' before it. The parent lays them out.
 */
export function BillingEntryFields<TName extends BillingFieldName>({
  idPrefix,
  fields,
  register,
  errors,
}: {
  idPrefix: string;
  fields: readonly TName[];
  register: (name: TName) => UseFormRegisterReturn<TName>;
  errors: Partial<Record<TName, FieldError>>;
}) {
  return fields.map((name) => {
    const field = FIELDS[name];
    return (
      <FormField
        key={name}
        id={`${idPrefix}-${name}`}
        label={field.label}
        error={errors[name]?.message}
      >
        {(control) => (
          <div className="relative">
            {name === 'amount' ? (
              <span
                aria-hidden
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-ink-muted"
              >
                $
              </span>
            ) : null}
            <Input
              {...control}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete="off"
              placeholder={field.placeholder}
              className={name === 'amount' ? 'pl-7' : undefined}
              {...register(name)}
            />
          </div>
        )}
      </FormField>
    );
  });
}
