import {
  BILLING_MESSAGES,
  ZCreateBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCreateBillingEntry } from '#src/features/billing/api/billing-api.ts';
import { BillingEntryFields } from './billing-entry-fields.tsx';

const FIELDS = ['cptCode', 'sessionCount', 'amount'] as const;

/** Whether the server refused the line for want of a correction reason (the bill is final). */
function asksForReason(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = error.body as { error?: { details?: Array<{ field?: string }> } } | null;
  return body?.error?.details?.some((detail) => detail.field === 'correctionReason') ?? false;
}

/**
 * The 'Add Billing Entry' row (clinic and admin). It sends what was typed; the same domain
 * schema checks it here and again on the server, and turns the amount into exact cents.
 */
export function AddBillingEntryForm({ patientId }: { patientId: string }) {
  const createEntry = useCreateBillingEntry(patientId);
  // The spec words no toast for these: each error shows at its field, the first is focused.
  const form = useDomainForm(ZCreateBillingEntryRequest, {
    defaultValues: { cptCode: '', sessionCount: '', amount: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;
  // Once the clinic's bill is final, the server asks for a reason: the field then shows, and
  // what was typed stays.
  const [needsReason, setNeedsReason] = useState(false);

  function handleValid() {
    createEntry.mutate(form.getValues(), {
      onSuccess: () => {
        toast.success(BILLING_MESSAGES.added);
        form.reset();
      },
      onError: (error) => {
        if (asksForReason(error)) {
          setNeedsReason(true);
          form.setError('correctionReason', { message: CLOSING_TEXTS.correctionRequired });
          return;
        }
        toast.error(getErrorMessage(error, BILLING_MESSAGES.addFailed));
      },
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
        onSubmit={form.submitWith(handleValid)}
        className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
      >
        <BillingEntryFields
          idPrefix="billing"
          fields={FIELDS}
          register={form.register}
          errors={errors}
        />
        {needsReason ? (
          <div className="sm:col-span-4">
            <FormField
              id="billing-correction-reason"
              label={CLOSING_TEXTS.correctionReasonLabel}
              error={errors.correctionReason?.message}
            >
              <Input autoComplete="off" {...form.register('correctionReason')} />
            </FormField>
          </div>
        ) : null}
        <Button type="submit" disabled={createEntry.isPending} className="sm:mt-6">
          {createEntry.isPending ? 'Adding...' : 'Add Entry'}
        </Button>
      </form>
    </section>
  );
}
