import {
  LIEN_MESSAGES,
  ZRecordLienPaymentRequest,
} from '@casebridge/domain/liens/lien-ledger.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useRecordLienPayment } from '#src/features/liens/api/liens-api.ts';

/**
 * 'Record payment' (the lienholder, on its own lien): amount as typed, the day received (today
 * by default) and an optional reference. The domain schema checks it here and on the server,
 * which turns the amount into cents. A failure keeps what was typed.
 */
export function RecordPaymentForm({
  patientId,
  lienholderId,
}: {
  patientId: string;
  lienholderId: string;
}) {
  const recordPayment = useRecordLienPayment(patientId, lienholderId);
  const form = useDomainForm(ZRecordLienPaymentRequest, {
    defaultValues: { amount: '', paidOn: getTodayIsoDate(), reference: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const idPrefix = `payment-${lienholderId}`;

  function handleValid() {
    recordPayment.mutate(form.getValues(), {
      onSuccess: () => {
        toast.success(LIEN_MESSAGES.paymentRecorded);
        form.reset({ amount: '', paidOn: getTodayIsoDate(), reference: '' });
      },
      onError: (error) => toast.error(getErrorMessage(error, LIEN_MESSAGES.paymentRecordFailed)),
    });
  }

  return (
    <form
      noValidate
      aria-labelledby={`${idPrefix}-heading`}
      onSubmit={form.submitWith(handleValid)}
      className="mt-4 grid items-start gap-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <h4 id={`${idPrefix}-heading`} className="font-semibold text-ink sm:col-span-4">
        Record payment
      </h4>
      <FormField id={`${idPrefix}-amount`} label="Amount received" error={errors.amount?.message}>
        {(control) => (
          <div className="relative">
            <span
              aria-hidden
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-ink-muted"
            >
              $
            </span>
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              className="pl-7"
              {...form.register('amount')}
            />
          </div>
        )}
      </FormField>
      <FormField id={`${idPrefix}-paid-on`} label="Date received" error={errors.paidOn?.message}>
        <Input type="date" max={getTodayIsoDate()} {...form.register('paidOn')} />
      </FormField>
      <FormField
        id={`${idPrefix}-reference`}
        label="Reference (optional)"
        error={errors.reference?.message}
      >
        <Input autoComplete="off" placeholder="Check no." {...form.register('reference')} />
      </FormField>
      <Button type="submit" disabled={recordPayment.isPending} className="sm:mt-6">
        {recordPayment.isPending ? 'Recording...' : 'Record payment'}
      </Button>
    </form>
  );
}
