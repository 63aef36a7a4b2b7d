import { zodResolver } from '@hookform/resolvers/zod';
import {
  BILLING_MESSAGES,
  ZCreateBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Label } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCreateBillingEntry } from '#src/features/billing/api/billing-api.ts';

type FormInput = z.input<typeof ZCreateBillingEntryRequest>;
type FormOutput = z.output<typeof ZCreateBillingEntryRequest>;

const FIELDS = [
  { name: 'cptCode', label: 'CPT Code', placeholder: 'e.g. 97110', inputMode: 'text' },
  { name: 'sessionCount', label: 'Session Count', placeholder: '1', inputMode: 'numeric' },
  { name: 'amount', label: 'Amount', placeholder: '0.00', inputMode: 'decimal' },
] as const;

/**
 * The 'Add Billing Entry' row (clinic and admin). It sends what was typed; the same domain
 * schema checks it here and again on the server, and turns the amount into exact cents.
 */
export function AddBillingEntryForm({ patientId }: { patientId: string }) {
  const createEntry = useCreateBillingEntry(patientId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZCreateBillingEntryRequest),
    defaultValues: { cptCode: '', sessionCount: '', amount: '' },
  });
  const { errors } = form.formState;

  function handleValid() {
    createEntry.mutate(form.getValues(), {
      onSuccess: () => {
        toast.success(BILLING_MESSAGES.added);
        form.reset();
      },
      onError: (error) => toast.error(getErrorMessage(error, BILLING_MESSAGES.addFailed)),
    });
  }

  return (
    <section
      aria-labelledby="add-billing-heading"
      className="mb-6 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id="add-billing-heading" className="mb-4 text-lg font-semibold text-ink">
        Add Billing Entry
      </h2>
      <form
        noValidate
        onSubmit={form.handleSubmit(handleValid)}
        className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
      >
        {FIELDS.map((field) => {
          const error = errors[field.name]?.message;
          const errorId = `billing-${field.name}-error`;
          return (
            <div key={field.name}>
              <Label htmlFor={`billing-${field.name}`}>{field.label}</Label>
              <div className="relative">
                {field.name === 'amount' ? (
                  <span
                    aria-hidden
                    className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-ink-muted"
                  >
                    $
                  </span>
                ) : null}
                <Input
                  id={`billing-${field.name}`}
                  inputMode={field.inputMode}
                  autoComplete="off"
                  placeholder={field.placeholder}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={field.name === 'amount' ? 'pl-7' : undefined}
                  {...form.register(field.name)}
                />
              </div>
              {error ? (
                <p id={errorId} className="mt-1 text-xs text-danger">
                  {String(error)}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" disabled={createEntry.isPending} className="sm:mt-6">
          {createEntry.isPending ? 'Adding...' : 'Add Entry'}
        </Button>
      </form>
    </section>
  );
}
