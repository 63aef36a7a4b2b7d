import {
  REFERRAL_TEXTS,
  ZDeclineReferralRequest,
  type TReferral,
} from '@casebridge/domain/referrals/referral.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Textarea } from '#src/components/ui/input.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import {
  useAcceptReferral,
  useDeclineReferral,
  useReferrals,
  useWithdrawReferral,
} from '#src/features/referrals/api/referrals-api.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { ReferralCard } from './referral-card.tsx';

const failed = (title: string) => (error: unknown) =>
  toast.error(title, { description: getErrorMessage(error, 'Please try again.') });

/** Decline asks for the reason the sender reads; a failed decline keeps what was typed. */
function DeclineReferralDialog({
  referral,
  onClose,
}: {
  referral: TReferral;
  onClose: () => void;
}) {
  const decline = useDeclineReferral();
  const form = useDomainForm(ZDeclineReferralRequest, {
    defaultValues: { reason: '' },
    toastFirstError: false,
  });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={REFERRAL_TEXTS.declineTitle}
      description={`Decline the referral of ${referral.clientName}? ${referral.referrer.name} will read your reason.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.submitWith(({ reason }) =>
          decline.mutate(
            { referral, reason },
            {
              onSuccess: () => {
                toast.success(REFERRAL_TEXTS.declined);
                onClose();
              },
              onError: failed(REFERRAL_TEXTS.declineFailed),
            },
          ),
        )}
      >
        <FormField
          id="decline-reason"
          label={REFERRAL_TEXTS.declineReasonLabel}
          isRequired
          error={form.formState.errors.reason?.message}
        >
          <Textarea rows={3} maxLength={500} {...form.register('reason')} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {REFERRAL_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending}>
            {decline.isPending ? 'Declining...' : REFERRAL_TEXTS.declineConfirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The receiving clinic's answers to a pending referral. */
function QueueActions({
  referral,
  onDecline,
}: {
  referral: TReferral;
  onDecline: (referral: TReferral) => void;
}) {
  const accept = useAcceptReferral();
  const navigate = useNavigate();
  // The answer's toast follows the promise, not mutate's callbacks: the referral's own event
  // refetches the queue and this card's answers leave it before the response arrives.
  const run = (attachToPatientId?: string) =>
    void accept
      .mutateAsync({ referral, ...(attachToPatientId ? { attachToPatientId } : {}) })
      .then(({ patientId }) =>
        toast.success(REFERRAL_TEXTS.accepted, {
          action: {
            label: REFERRAL_TEXTS.openPatient,
            onClick: () => void navigate(`/patients/${patientId}`),
          },
        }),
      )
      .catch(failed(REFERRAL_TEXTS.acceptFailed));
  const name = referral.clientName;
  return (
    <>
      {referral.duplicate ? (
        <>
          <Button size="sm" disabled={accept.isPending} onClick={() => run(referral.duplicate!.id)}>
            {REFERRAL_TEXTS.acceptAttach}
          </Button>
          <Button size="sm" variant="secondary" disabled={accept.isPending} onClick={() => run()}>
            {REFERRAL_TEXTS.acceptNew}
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          disabled={accept.isPending}
          aria-label={`${REFERRAL_TEXTS.accept}: ${name}`}
          onClick={() => run()}
        >
          {REFERRAL_TEXTS.accept}
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${REFERRAL_TEXTS.decline}: ${name}`}
        onClick={() => onDecline(referral)}
      >
        {REFERRAL_TEXTS.decline}
      </Button>
    </>
  );
}

function WithdrawAction({ referral }: { referral: TReferral }) {
  const withdraw = useWithdrawReferral();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={withdraw.isPending}
      aria-label={`${REFERRAL_TEXTS.withdraw}: ${referral.clientName}`}
      onClick={() =>
        void withdraw
          .mutateAsync(referral)
          .then(() => toast.success(REFERRAL_TEXTS.withdrawn))
          .catch(failed(REFERRAL_TEXTS.withdrawFailed))
      }
    >
      {REFERRAL_TEXTS.withdraw}
    </Button>
  );
}

/**
 * A box of referrals: the clinic's queue (received, pending first, each with its age and the
 * answers) or the organisation's sent referrals (state, response time, withdraw while pending).
 * 'referral.changed' refetches it in every open browser.
 */
export function ReferralList({ box, label }: { box: 'received' | 'sent'; label: string }) {
  const query = useReferrals(box);
  const [declining, setDeclining] = useState<TReferral | null>(null);
  // Ages are read against one clock per render, so the cards of a page agree.
  const now = new Date().getTime();
  if (query.isPending) return <Spinner label="Loading referrals" />;
  if (query.isError)
    return (
      <EmptyState title={REFERRAL_TEXTS.loadFailed}>{getErrorMessage(query.error, '')}</EmptyState>
    );
  const { items } = query.data;
  if (items.length === 0)
    return (
      <EmptyState
        title={box === 'received' ? REFERRAL_TEXTS.queueEmpty : REFERRAL_TEXTS.sentEmpty}
      />
    );
  return (
    <>
      <ul aria-label={label} className="space-y-3">
        {items.map((referral) => (
          <ReferralCard
            key={referral.id}
            referral={referral}
            side={box}
            now={now}
            actions={
              referral.state !== 'pending' ? undefined : box === 'received' ? (
                <QueueActions referral={referral} onDecline={setDeclining} />
              ) : (
                <WithdrawAction referral={referral} />
              )
            }
          />
        ))}
      </ul>
      {declining ? (
        <DeclineReferralDialog referral={declining} onClose={() => setDeclining(null)} />
      ) : null}
    </>
  );
}
