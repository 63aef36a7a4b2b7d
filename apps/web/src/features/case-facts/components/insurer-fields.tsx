import {
  COVERAGE_KINDS,
  COVERAGE_LABELS,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type { ZSaveCaseFactsRequest } from '@casebridge/domain/case-facts/case-facts.schemas';
import { Trash2 } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import type { DomainForm } from '#src/lib/domain-form.ts';

type CaseFactsForm = DomainForm<typeof ZSaveCaseFactsRequest>;

/** One insurer of the edit form: its coverage, carrier, claim, adjuster and limit. */
export function InsurerFields({
  form,
  index,
  onRemove,
}: {
  form: CaseFactsForm;
  index: number;
  onRemove: () => void;
}) {
  const errors = form.formState.errors.insurers?.[index];
  const id = (field: string) => `case-insurer-${index}-${field}`;
  const name = `Insurer ${index + 1}`;
  return (
    <fieldset className="rounded-md border border-border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{name}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id('coverage')} label="Coverage" error={errors?.coverage?.message}>
          <Select {...form.register(`insurers.${index}.coverage`)}>
            {COVERAGE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {COVERAGE_LABELS[kind]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={id('carrier')} label="Carrier" error={errors?.carrier?.message} isRequired>
          <Input autoComplete="off" {...form.register(`insurers.${index}.carrier`)} />
        </FormField>
        <FormField id={id('claim')} label="Claim number" error={errors?.claimNumber?.message}>
          <Input autoComplete="off" {...form.register(`insurers.${index}.claimNumber`)} />
        </FormField>
        <FormField
          id={id('limit')}
          label="Policy limit ($)"
          hint="Blank while the limit is not known"
          error={errors?.policyLimit?.message}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            {...form.register(`insurers.${index}.policyLimit`)}
          />
        </FormField>
        <FormField id={id('adjuster')} label="Adjuster" error={errors?.adjusterName?.message}>
          <Input autoComplete="off" {...form.register(`insurers.${index}.adjusterName`)} />
        </FormField>
        <FormField
          id={id('adjuster-phone')}
          label="Adjuster phone"
          error={errors?.adjusterPhone?.message}
        >
          <Input
            type="tel"
            autoComplete="off"
            {...form.register(`insurers.${index}.adjusterPhone`)}
          />
        </FormField>
        <FormField
          id={id('adjuster-email')}
          label="Adjuster email"
          error={errors?.adjusterEmail?.message}
          className="sm:col-span-2"
        >
          <Input
            type="email"
            autoComplete="off"
            {...form.register(`insurers.${index}.adjusterEmail`)}
          />
        </FormField>
      </div>
      <Button variant="ghost" size="sm" className="mt-3" onClick={onRemove}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Remove {name.toLowerCase()}
      </Button>
    </fieldset>
  );
}
