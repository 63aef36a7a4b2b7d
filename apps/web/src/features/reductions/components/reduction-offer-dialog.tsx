import {
  REDUCTION_OFFER_KINDS,
  type ReductionOfferKind,
} from '@casebridge/domain/liens/lien-constants';
import {
  ZReductionOfferRequest,
  type TReductionOfferRequest,
} from '@casebridge/domain/liens/reduction.schemas';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';

const KIND_LABELS: Record<ReductionOfferKind, string> = {
  amount: 'Amount in dollars',
  percent: 'Percentage of the balance',
};

/**
 * A reduction offer: an amount or a percentage of the current balance, and a note. Proposing and
 * countering both use it; the domain schema checks it here and again on the server.
 */
export function ReductionOfferDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  submitLabel,
  isPending,
  onSubmit,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (offer: TReductionOfferRequest, reset: () => void) => void;
}) {
  const form = useDomainForm(ZReductionOfferRequest, {
    defaultValues: { kind: 'amount', value: '', note: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.submitWith(() => onSubmit(form.getValues(), () => form.reset()))}
      >
        <FormField id="reduction-kind" label="Offer as">
          <Select {...form.register('kind')}>
            {REDUCTION_OFFER_KINDS.map((item) => (
              <option key={item} value={item}>
                {KIND_LABELS[item]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="reduction-value"
          label={kind === 'percent' ? 'Reduction (%)' : 'Reduction ($)'}
          error={errors.value?.message}
          isRequired
        >
          <Input inputMode="decimal" autoComplete="off" {...form.register('value')} />
        </FormField>
        <FormField id="reduction-note" label="Note" error={errors.note?.message}>
          <Textarea rows={3} {...form.register('note')} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Sending...' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
