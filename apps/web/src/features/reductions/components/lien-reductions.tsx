import {
  canProposeReduction,
  getVisibleReductionStatuses,
} from '@casebridge/domain/liens/reduction.policy';
import type { TReductionOfferRequest } from '@casebridge/domain/liens/reduction.schemas';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import {
  useReductions,
  useReductionStep,
  type ReductionStepInput,
} from '#src/features/reductions/api/reductions-api.ts';
import { OpenOfferActions } from './open-offer-actions.tsx';
import { ReductionHistoryTable } from './reduction-history-table.tsx';
import { ReductionOfferDialog } from './reduction-offer-dialog.tsx';

const DONE: Record<ReductionStepInput['step'], string> = {
  propose: 'Reduction proposed',
  counter: 'Counter offer sent',
  accept: 'Reduction accepted: the reduced balance is locked',
  reject: 'Offer rejected',
  withdraw: 'Offer withdrawn',
};

/**
 * One lien's reductions: its figures, the open offer with the viewer's answers, the proposal of
 * a new round and the history. A clinic sees the accepted reductions only.
 */
export function LienReductions({
  patientId,
  lienholder,
}: {
  patientId: string;
  lienholder: { id: string; name: string };
}) {
  const user = useCurrentUser();
  const query = useReductions(patientId, lienholder.id);
  const step = useReductionStep(patientId, lienholder.id);
  const [isProposing, setIsProposing] = useState(false);
  const headingId = `reductions-${lienholder.id}`;

  function run(input: ReductionStepInput, done?: () => void) {
    step.mutate(input, {
      onSuccess: () => {
        toast.success(DONE[input.step]);
        done?.();
      },
      onError: (error) => toast.error(getErrorMessage(error, 'The reduction could not be saved.')),
    });
  }

  const history = query.data;
  const open = history?.offers.find((offer) => offer.status === 'open') ?? null;
  const party = history?.viewerParty ?? null;
  // A clinic reads the outcome only; decided by role until the answer names the viewer's side.
  const seesAll = history
    ? getVisibleReductionStatuses(user.role, party) === 'all'
    : user.role !== 'clinic';
  const title = seesAll ? 'Reductions' : 'Accepted reductions';

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border border-border bg-surface p-4 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-ink">
          {title} — {lienholder.name}
        </h3>
        {history && canProposeReduction(party, open) ? (
          <Button size="sm" onClick={() => setIsProposing(true)}>
            Propose reduction
          </Button>
        ) : null}
      </div>
      {query.isPending ? <Skeleton className="h-24 w-full" /> : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {getErrorMessage(query.error, 'The reductions could not be loaded.')}
        </p>
      ) : null}
      {history ? (
        <div className="space-y-3">
          {history.lien ? (
            <dl
              aria-label={`${lienholder.name} lien figures`}
              className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4"
            >
              {(
                [
                  ['Billed', history.lien.billedCents],
                  ['Reduced', history.lien.reducedCents],
                  ['Paid', history.lien.paidCents],
                  ['Balance', history.lien.balanceCents],
                ] as const
              ).map(([label, cents]) => (
                <div key={label}>
                  <dt className="text-ink-muted">{label}</dt>
                  <dd
                    className="font-semibold text-ink"
                    data-testid={`lien-${label.toLowerCase()}`}
                  >
                    {formatUsd(cents)}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          {open ? (
            <OpenOfferActions
              offer={open}
              party={party}
              lienholderName={lienholder.name}
              isPending={step.isPending}
              onAnswer={(answer) => run({ step: answer, offerId: open.id, body: {} })}
              onCounter={(counter: TReductionOfferRequest, done) =>
                run({ step: 'counter', offerId: open.id, body: counter }, done)
              }
            />
          ) : null}
          {history.offers.length > 0 ? (
            <ReductionHistoryTable
              label={`${title} — ${lienholder.name}`}
              offers={history.offers}
            />
          ) : (
            <p className="text-sm text-ink-muted">No reductions yet.</p>
          )}
        </div>
      ) : null}
      <ReductionOfferDialog
        isOpen={isProposing}
        onOpenChange={setIsProposing}
        title="Propose reduction"
        description={`A reduction of the ${lienholder.name} lien, as an amount or a percentage of the current balance. Each accepted round reduces the balance further.`}
        submitLabel="Propose reduction"
        isPending={step.isPending}
        onSubmit={(offer, reset) =>
          run({ step: 'propose', body: offer }, () => {
            reset();
            setIsProposing(false);
          })
        }
      />
    </section>
  );
}
