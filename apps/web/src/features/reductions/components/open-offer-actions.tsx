import type { TReductionOffer } from '@casebridge/domain/liens/reduction.schemas';
import type { TReductionOfferRequest } from '@casebridge/domain/liens/reduction.schemas';
import {
  canAnswerReduction,
  canWithdrawReduction,
} from '@casebridge/domain/liens/reduction.policy';
import type { ReductionParty } from '@casebridge/domain/liens/lien-constants';
import { describeReductionOffer } from '@casebridge/domain/liens/reduction-texts';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { ReductionOfferDialog } from './reduction-offer-dialog.tsx';

type Confirmable = 'accept' | 'reject' | 'withdraw';

const CONFIRM_LABELS: Record<Confirmable, string> = {
  accept: 'Accept',
  reject: 'Reject',
  withdraw: 'Withdraw',
};

function confirmMessage(step: Confirmable, figure: string, lienholderName: string): string {
  switch (step) {
    case 'accept':
      return `Accept a reduction of ${figure} on the ${lienholderName} lien? The reduced balance is then locked; a further reduction needs a new round.`;
    case 'reject':
      return `Reject the reduction of ${figure}? This round ends and the balance stays as it is.`;
    case 'withdraw':
      return `Withdraw your offer of ${figure}? The other side can no longer accept it.`;
  }
}

/** The open offer and what the viewer may do with it; each answer asks first. */
export function OpenOfferActions({
  offer,
  party,
  lienholderName,
  isPending,
  onAnswer,
  onCounter,
}: {
  offer: TReductionOffer;
  party: ReductionParty | null;
  lienholderName: string;
  isPending: boolean;
  onAnswer: (step: Confirmable) => void;
  onCounter: (offer: TReductionOfferRequest, done: () => void) => void;
}) {
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [isCountering, setIsCountering] = useState(false);
  const figure = describeReductionOffer(offer);
  const canAnswer = canAnswerReduction(party, offer);
  const canWithdraw = canWithdrawReduction(party, offer);

  return (
    <div className="rounded-md border border-border bg-surface-muted p-3">
      <p className="text-sm text-ink">
        <strong>Open offer</strong> (round {offer.round}): a reduction of {figure} by{' '}
        {offer.offeredByName}
        {canAnswer || canWithdraw ? '' : ' — waiting for the other side'}.
      </p>
      {canAnswer || canWithdraw ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {canAnswer ? (
            <>
              <Button size="sm" disabled={isPending} onClick={() => setConfirming('accept')}>
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isPending}
                onClick={() => setIsCountering(true)}
              >
                Counter
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={isPending}
                onClick={() => setConfirming('reject')}
              >
                Reject
              </Button>
            </>
          ) : null}
          {canWithdraw ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={isPending}
              onClick={() => setConfirming('withdraw')}
            >
              Withdraw
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={confirming ? `${CONFIRM_LABELS[confirming]} offer` : ''}
        message={confirming ? confirmMessage(confirming, figure, lienholderName) : ''}
        confirmLabel={confirming ? CONFIRM_LABELS[confirming] : ''}
        cancelLabel="Cancel"
        onConfirm={() => {
          if (confirming) onAnswer(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
        onDismiss={() => setConfirming(null)}
      />
      <ReductionOfferDialog
        isOpen={isCountering}
        onOpenChange={setIsCountering}
        title="Counter offer"
        description={`Answer ${figure} with your own figure; the other side then accepts, rejects or counters.`}
        submitLabel="Send counter offer"
        isPending={isPending}
        onSubmit={(counter, reset) =>
          onCounter(counter, () => {
            reset();
            setIsCountering(false);
          })
        }
      />
    </div>
  );
}
