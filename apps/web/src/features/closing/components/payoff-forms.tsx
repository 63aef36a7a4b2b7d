import {
  CLOSING_TEXTS,
  ZConfirmPayoffRequest,
  ZProposePayoffRequest,
  type TPayoff,
} from '@casebridge/domain/closing/closing.schemas';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ReasonConfirmDialog } from '#src/components/ui/reason-confirm-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useAnswerPayoff, useProposePayoff } from '#src/features/closing/api/closing-api.ts';

/** 'Propose payoff' (the firm): the final figure, at most the balance, and a note. */
export function ProposePayoffForm({
  patientId,
  lienholderId,
  lienholderName,
  balanceCents,
}: {
  patientId: string;
  lienholderId: string;
  lienholderName: string;
  balanceCents: number;
}) {
  const propose = useProposePayoff(patientId);
  const form = useDomainForm(ZProposePayoffRequest, {
    defaultValues: { amount: '', note: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const idPrefix = `payoff-${lienholderId}`;
  return (
    <form
      noValidate
      aria-label={`${CLOSING_TEXTS.proposePayoff}: ${lienholderName}`}
      onSubmit={form.submitWith(() =>
        propose.mutate(
          { lienholderId, body: form.getValues() },
          {
            onSuccess: () => {
              toast.success(CLOSING_TEXTS.payoffProposed);
              form.reset({ amount: '', note: '' });
            },
            onError: (error) => toast.error(getErrorMessage(error, CLOSING_TEXTS.payoffFailed)),
          },
        ),
      )}
      className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_2fr_auto]"
    >
      <FormField
        id={`${idPrefix}-amount`}
        label={CLOSING_TEXTS.payoffAmountLabel}
        hint={`Balance ${formatUsd(Math.max(0, balanceCents))}`}
        error={errors.amount?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </FormField>
      <FormField
        id={`${idPrefix}-note`}
        label={CLOSING_TEXTS.payoffNoteLabel}
        error={errors.note?.message}
      >
        <Input autoComplete="off" {...form.register('note')} />
      </FormField>
      <Button type="submit" disabled={propose.isPending} className="sm:mt-6">
        {propose.isPending ? 'Sending...' : CLOSING_TEXTS.sendProposal}
      </Button>
    </form>
  );
}

const onError = (error: unknown) => toast.error(getErrorMessage(error, CLOSING_TEXTS.answerFailed));

/** The lienholder's answers to a payoff awaiting it: Confirm (the payment's day) or Dispute. */
export function AnswerPayoff({ patientId, payoff }: { patientId: string; payoff: TPayoff }) {
  const answer = useAnswerPayoff(patientId);
  const [isDisputing, setDisputing] = useState(false);
  const form = useDomainForm(ZConfirmPayoffRequest, {
    defaultValues: { paidOn: getTodayIsoDate(), reference: '' },
    toastFirstError: false,
  });
  const { errors } = form.formState;
  const idPrefix = `answer-${payoff.id}`;
  return (
    <div className="mt-3">
      <form
        noValidate
        aria-label={`${CLOSING_TEXTS.confirmPayoff} ${formatUsd(payoff.amountCents)}`}
        onSubmit={form.submitWith(() =>
          answer.mutate(
            {
              lienholderId: payoff.lienholderId,
              payoffId: payoff.id,
              answer: { step: 'confirm', body: form.getValues() },
            },
            { onSuccess: () => toast.success(CLOSING_TEXTS.payoffConfirmed), onError },
          ),
        )}
        className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto_auto]"
      >
        <p className="text-sm text-ink-muted sm:col-span-4">{CLOSING_TEXTS.confirmHint}</p>
        <FormField
          id={`${idPrefix}-paid-on`}
          label={CLOSING_TEXTS.confirmPaidOnLabel}
          error={errors.paidOn?.message}
        >
          <Input type="date" max={getTodayIsoDate()} {...form.register('paidOn')} />
        </FormField>
        <FormField
          id={`${idPrefix}-reference`}
          label={CLOSING_TEXTS.confirmReferenceLabel}
          error={errors.reference?.message}
        >
          <Input autoComplete="off" {...form.register('reference')} />
        </FormField>
        <Button type="submit" disabled={answer.isPending} className="sm:mt-6">
          {CLOSING_TEXTS.confirmPayoff}
        </Button>
        <Button variant="secondary" onClick={() => setDisputing(true)} className="sm:mt-6">
          {CLOSING_TEXTS.disputePayoff}
        </Button>
      </form>
      {isDisputing ? (
        <ReasonConfirmDialog
          title={CLOSING_TEXTS.disputePayoff}
          question={`Dispute the final payoff of ${formatUsd(payoff.amountCents)}? ${CLOSING_TEXTS.disputeReasonLabel}`}
          confirmLabel={CLOSING_TEXTS.sendDispute}
          pendingLabel="Sending..."
          isPending={answer.isPending}
          onClose={() => setDisputing(false)}
          onConfirm={(reason) =>
            answer.mutate(
              {
                lienholderId: payoff.lienholderId,
                payoffId: payoff.id,
                answer: { step: 'dispute', body: { reason } },
              },
              {
                onSuccess: () => {
                  toast.success(CLOSING_TEXTS.payoffDisputed);
                  setDisputing(false);
                },
                onError,
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
