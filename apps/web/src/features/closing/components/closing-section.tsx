import { canAnswerPayoff, canManageClosing } from '@casebridge/domain/closing/closing.policy';
import {
  CLOSING_TEXTS,
  PAYOFF_STATUS_LABELS,
  SETTLEMENT_SOURCE_LABELS,
} from '@casebridge/domain/closing/closing-constants';
import type { TClosing, TClosingLien, TPayoff } from '@casebridge/domain/closing/closing.schemas';
import { CASE_STAGE_LABELS } from '@casebridge/domain/case-facts/case-facts-constants';
import { hasCapability } from '@casebridge/domain/capabilities';
import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { formatDate, formatDateTime, getTodayIsoDate } from '#src/lib/format.ts';
import {
  statementPdfUrl,
  useAdvanceClosing,
  useAnswerPayoff,
  useClosing,
  useMarkBillFinal,
} from '#src/features/closing/api/closing-api.ts';
import { AnswerPayoff, ProposePayoffForm } from './payoff-forms.tsx';
import { SettlementForm } from './settlement-form.tsx';

const STATUS_TONE = {
  proposed: 'yellow',
  confirmed: 'green',
  disputed: 'red',
  withdrawn: 'gray',
} as const;

/**
 * The Billing tab's 'Settlement and disbursement' (closing-the-case.md): for the firm the
 * settlement, each lien's payoff, the statement and the closing steps; for a lienholder its
 * payoffs with Confirm and Dispute; for a clinic 'Mark bill final' and the payoffs of its bill;
 * for an administrator all of it, read only. Contacts see nothing.
 */
export function ClosingSection({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  if (!hasCapability(user.role, 'liens:read')) return null;
  return <ClosingPanel patient={patient} />;
}

function ClosingPanel({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const query = useClosing(patient.id);
  const actor = { role: user.role, organizationId: user.organization?.id ?? null };
  const isFirm = canManageClosing(actor, { firmId: patient.firm?.id ?? null });
  return (
    <section
      aria-labelledby="closing-heading"
      className="mt-6 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id="closing-heading" className="text-lg font-semibold text-ink">
        {CLOSING_TEXTS.sectionTitle}
      </h2>
      {isFirm ? <p className="mb-4 text-sm text-ink-muted">{CLOSING_TEXTS.sectionHint}</p> : null}
      {query.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {getErrorMessage(query.error, CLOSING_TEXTS.loadFailed)}
        </p>
      ) : null}
      {query.data ? (
        <ClosingBody patient={patient} closing={query.data} isFirm={isFirm} actor={actor} />
      ) : null}
    </section>
  );
}

type ClosingActor = {
  role: ReturnType<typeof useCurrentUser>['role'];
  organizationId: string | null;
};

function ClosingBody({
  patient,
  closing,
  isFirm,
  actor,
}: {
  patient: TPatientDetail;
  closing: TClosing;
  isFirm: boolean;
  actor: ClosingActor;
}) {
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink">
        Case stage:{' '}
        <Badge tone={closing.stage === 'closed' ? 'gray' : 'blue'}>
          {CASE_STAGE_LABELS[closing.stage]}
        </Badge>
      </p>
      <BillFinals patient={patient} closing={closing} actor={actor} />
      {isFirm || closing.settlement ? (
        <SettlementBlock patientId={patient.id} closing={closing} isFirm={isFirm} />
      ) : null}
      <div>
        <h3 className="mb-2 font-semibold text-ink">{CLOSING_TEXTS.payoffsTitle}</h3>
        {closing.liens.length === 0 ? (
          <p className="text-sm text-ink-muted">{CLOSING_TEXTS.noLiens}</p>
        ) : (
          <ul className="space-y-4">
            {closing.liens.map((lien) => (
              <LienPayoffs
                key={lien.lienholderId}
                patientId={patient.id}
                lien={lien}
                closing={closing}
                isFirm={isFirm}
                canAnswer={canAnswerPayoff(actor, lien.lienholderId)}
              />
            ))}
          </ul>
        )}
      </div>
      {isFirm && closing.settlement ? (
        <ClosingSteps patientId={patient.id} closing={closing} />
      ) : null}
    </div>
  );
}

function BillFinals({
  patient,
  closing,
  actor,
}: {
  patient: TPatientDetail;
  closing: TClosing;
  actor: ClosingActor;
}) {
  const mark = useMarkBillFinal(patient.id);
  const [isAsking, setAsking] = useState(false);
  const ownFinal = closing.billFinals.find((bill) => bill.clinicId === actor.organizationId);
  const isClinicOfPatient =
    actor.role === 'clinic' && patient.clinics.some((clinic) => clinic.id === actor.organizationId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {closing.billFinals.map((bill) => (
        <Badge key={bill.clinicId} tone="purple">
          {CLOSING_TEXTS.billFinal}: {bill.clinicName}, {formatDate(bill.finalizedOn)}
        </Badge>
      ))}
      {isClinicOfPatient && !ownFinal ? (
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
          {CLOSING_TEXTS.markBillFinal}
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={isAsking}
        title={CLOSING_TEXTS.markBillFinal}
        message={CLOSING_TEXTS.markBillFinalConfirm}
        confirmLabel={CLOSING_TEXTS.markBillFinal}
        cancelLabel="Cancel"
        onCancel={() => setAsking(false)}
        onDismiss={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          mark.mutate(undefined, {
            onSuccess: () => toast.success(CLOSING_TEXTS.billMarkedFinal),
            onError: (error) => toast.error(getErrorMessage(error, CLOSING_TEXTS.billFinalFailed)),
          });
        }}
      />
    </div>
  );
}

function SettlementBlock({
  patientId,
  closing,
  isFirm,
}: {
  patientId: string;
  closing: TClosing;
  isFirm: boolean;
}) {
  const { settlement, figures } = closing;
  const [isEditing, setEditing] = useState(false);
  const canEdit = isFirm && closing.stage !== 'closed';
  return (
    <div>
      <h3 className="mb-2 font-semibold text-ink">{CLOSING_TEXTS.settlementTitle}</h3>
      {!settlement && !isEditing ? (
        <p className="mb-2 text-sm text-ink-muted">{CLOSING_TEXTS.noSettlement}</p>
      ) : null}
      {settlement && figures && !isEditing ? (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Figure label="Gross settlement" value={formatUsd(figures.grossCents)} />
          <Figure label="Settlement date" value={formatDate(settlement.settledOn)} />
          <Figure label="Source" value={SETTLEMENT_SOURCE_LABELS[settlement.source]} />
          <Figure
            label={`Attorney fee (${formatBasisPoints(settlement.feeBasisPoints)} %)`}
            value={formatUsd(figures.feeCents)}
          />
          <Figure label="Case costs" value={formatUsd(figures.costsCents)} />
          <Figure label="Liens (final payoffs)" value={formatUsd(figures.liensCents)} />
          <Figure
            label={figures.netCents < 0 ? CLOSING_TEXTS.shortfall : CLOSING_TEXTS.netToClient}
            value={formatUsd(figures.netCents)}
          />
          {settlement.disbursedOn ? (
            <Figure label="Disbursed on" value={formatDate(settlement.disbursedOn)} />
          ) : null}
        </dl>
      ) : null}
      {canEdit && (isEditing || !settlement) ? (
        <SettlementForm
          patientId={patientId}
          settlement={settlement}
          onDone={() => setEditing(false)}
        />
      ) : null}
      {canEdit && settlement && !isEditing ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setEditing(true)}>
          {CLOSING_TEXTS.editSettlement}
        </Button>
      ) : null}
      {closing.settlementHistory.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-ink">{CLOSING_TEXTS.historyTitle}</summary>
          <ul className="mt-2 space-y-1 text-ink-muted">
            {closing.settlementHistory.map((entry) => (
              <li key={entry.version}>
                Version {entry.version}: {entry.action} by {entry.actorName},{' '}
                {formatDateTime(entry.at)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium text-ink">{value}</dd>
    </div>
  );
}

function LienPayoffs({
  patientId,
  lien,
  closing,
  isFirm,
  canAnswer,
}: {
  patientId: string;
  lien: TClosingLien;
  closing: TClosing;
  isFirm: boolean;
  canAnswer: boolean;
}) {
  const open = lien.payoffs.find((payoff) => payoff.status === 'proposed');
  const isSettled = lien.payoffs.some((payoff) => payoff.status === 'confirmed');
  const canPropose =
    isFirm && closing.settlement !== null && closing.stage !== 'closed' && !open && !isSettled;
  return (
    <li className="rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-ink">{lien.lienholderName}</p>
        <p className="text-sm text-ink-muted">
          Balance {formatUsd(lien.balanceCents)}
          {lien.waivedCents > 0
            ? `, ${CLOSING_TEXTS.waived} ${formatUsd(lien.waivedCents)}`
            : ''}{' '}
          {lien.isResolved ? <Badge tone="green">{CLOSING_TEXTS.resolvedPaid}</Badge> : null}
        </p>
      </div>
      {lien.payoffs.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {lien.payoffs.map((payoff) => (
            <PayoffLine key={payoff.id} payoff={payoff} />
          ))}
        </ul>
      ) : null}
      {open && canAnswer ? <AnswerPayoff patientId={patientId} payoff={open} /> : null}
      {open && isFirm ? <WithdrawButton patientId={patientId} payoff={open} /> : null}
      {canPropose ? (
        <ProposePayoffForm
          patientId={patientId}
          lienholderId={lien.lienholderId}
          lienholderName={lien.lienholderName}
          balanceCents={lien.balanceCents}
        />
      ) : null}
    </li>
  );
}

function PayoffLine({ payoff }: { payoff: TPayoff }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONE[payoff.status]}>{PAYOFF_STATUS_LABELS[payoff.status]}</Badge>
      <span className="text-ink">{formatUsd(payoff.amountCents)}</span>
      <span className="text-ink-muted">
        proposed by {payoff.proposedByName}, {formatDateTime(payoff.proposedAt)}
        {payoff.answeredByName && payoff.answeredAt
          ? `; answered by ${payoff.answeredByName}, ${formatDateTime(payoff.answeredAt)}`
          : ''}
      </span>
      {payoff.disputeReason ? (
        <span className="w-full text-ink">Reason: {payoff.disputeReason}</span>
      ) : null}
      {payoff.note ? <span className="w-full text-ink-muted">Note: {payoff.note}</span> : null}
    </li>
  );
}

function WithdrawButton({ patientId, payoff }: { patientId: string; payoff: TPayoff }) {
  const answer = useAnswerPayoff(patientId);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="mt-2"
      disabled={answer.isPending}
      onClick={() =>
        answer.mutate(
          {
            lienholderId: payoff.lienholderId,
            payoffId: payoff.id,
            answer: { step: 'withdraw', body: {} },
          },
          { onError: (error) => toast.error(getErrorMessage(error, CLOSING_TEXTS.answerFailed)) },
        )
      }
    >
      Withdraw proposal
    </Button>
  );
}

const onError = (error: unknown) => toast.error(getErrorMessage(error, CLOSING_TEXTS.closeFailed));

/** The statement's links and the two closing steps, each shown when it can be taken. */
function ClosingSteps({ patientId, closing }: { patientId: string; closing: TClosing }) {
  const advance = useAdvanceClosing(patientId);
  const [disbursedOn, setDisbursedOn] = useState(getTodayIsoDate());
  const [isClosing, setClosing] = useState(false);
  const version = closing.settlement!.version;
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-ink">{CLOSING_TEXTS.statementTitle}</h3>
      <div className="flex flex-wrap gap-2">
        <a
          href={statementPdfUrl(patientId)}
          download
          className="inline-flex h-10 items-center rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
        >
          {CLOSING_TEXTS.downloadStatement}
        </a>
        <Link
          to={`/patients/${encodeURIComponent(patientId)}/closing/statement`}
          className="inline-flex h-10 items-center rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
        >
          {CLOSING_TEXTS.printStatement}
        </Link>
      </div>
      {closing.stage === 'settled' ? (
        closing.areLiensResolved ? (
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm text-ink" htmlFor="closing-disbursed-on">
              {CLOSING_TEXTS.disbursedOnLabel}
              <Input
                id="closing-disbursed-on"
                type="date"
                max={getTodayIsoDate()}
                value={disbursedOn}
                onChange={(event) => setDisbursedOn(event.currentTarget.value)}
              />
            </label>
            <Button
              disabled={advance.isPending}
              onClick={() =>
                advance.mutate(
                  { step: 'disburse', disbursedOn, version },
                  { onSuccess: () => toast.success(CLOSING_TEXTS.disbursed), onError },
                )
              }
            >
              {CLOSING_TEXTS.markDisbursed}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">{CLOSING_TEXTS.liensOpen}</p>
        )
      ) : null}
      {closing.stage === 'disbursed' ? (
        <Button disabled={advance.isPending} onClick={() => setClosing(true)}>
          {CLOSING_TEXTS.closeCase}
        </Button>
      ) : null}
      {closing.stage === 'closed' ? <Badge tone="gray">{CLOSING_TEXTS.caseClosed}</Badge> : null}
      <ConfirmDialog
        isOpen={isClosing}
        title={CLOSING_TEXTS.closeCase}
        message={CLOSING_TEXTS.closeCaseConfirm}
        confirmLabel={CLOSING_TEXTS.closeCase}
        cancelLabel="Cancel"
        onCancel={() => setClosing(false)}
        onDismiss={() => setClosing(false)}
        onConfirm={() => {
          setClosing(false);
          advance.mutate(
            { step: 'close', version },
            { onSuccess: () => toast.success(CLOSING_TEXTS.caseClosed), onError },
          );
        }}
      />
    </div>
  );
}
