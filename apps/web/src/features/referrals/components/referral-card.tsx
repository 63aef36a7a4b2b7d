import { ACCIDENT_TYPE_LABELS } from '@casebridge/domain/case-facts/case-facts-constants';
import type { BadgeColor } from '@casebridge/domain/badge-colors';
import {
  formatResponseTime,
  REFERRAL_STATE_LABELS,
  REFERRAL_TEXTS,
  REFERRAL_URGENCY_LABELS,
  type ReferralState,
  type ReferralUrgency,
  type TReferral,
} from '@casebridge/domain/referrals/referral.schemas';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '#src/components/ui/badge.tsx';
import { formatDate, formatDateTime } from '#src/lib/format.ts';

const STATE_TONES: Record<ReferralState, BadgeColor> = {
  pending: 'yellow',
  accepted: 'green',
  declined: 'red',
  withdrawn: 'gray',
};

const URGENCY_TONES: Record<ReferralUrgency, BadgeColor> = {
  routine: 'gray',
  soon: 'blue',
  urgent: 'purple',
};

/** Seconds from `iso` to now, never negative. */
const secondsSince = (iso: string, now: number) =>
  Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));

/** How long the referral waited, or how fast it was answered, as both sides read it. */
function timing(referral: TReferral, side: 'received' | 'sent', now: number): string {
  if (referral.responseSeconds !== null)
    return REFERRAL_TEXTS.respondedIn(formatResponseTime(referral.responseSeconds));
  const age = formatResponseTime(secondsSince(referral.createdAt, now));
  if (referral.state !== 'pending') return REFERRAL_TEXTS.notAnswered;
  return side === 'received' ? REFERRAL_TEXTS.receivedAgo(age) : REFERRAL_TEXTS.waitingFor(age);
}

/**
 * One referral as its two organisations read it: the client, who sent it to whom, its urgency
 * and state, how long it has waited or how fast it was answered, the accident and the claim, and
 * for the receiving clinic a patient of its own with the same name and date of birth.
 * `actions` holds the answers the reader may give.
 */
export function ReferralCard({
  referral,
  side,
  now,
  actions,
}: {
  referral: TReferral;
  side: 'received' | 'sent';
  now: number;
  actions?: ReactNode;
}) {
  const headingId = `referral-${referral.id}`;
  const accident = [
    referral.accidentType ? ACCIDENT_TYPE_LABELS[referral.accidentType] : null,
    referral.accidentDate ? formatDate(referral.accidentDate) : null,
  ].filter(Boolean);
  const claim = [referral.insurerCarrier, referral.claimNumber].filter(Boolean);
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-lg border border-border bg-surface p-4"
      data-testid="referral"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-ink">
            {referral.clientName}
          </h3>
          <p className="text-sm text-ink-muted">
            {side === 'received'
              ? REFERRAL_TEXTS.from(referral.referrer.name)
              : REFERRAL_TEXTS.to(referral.clinic.name)}
            {' · '}
            {timing(referral, side, now)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone={URGENCY_TONES[referral.urgency]}>
            {REFERRAL_URGENCY_LABELS[referral.urgency]}
          </Badge>
          <Badge tone={STATE_TONES[referral.state]} outlined>
            {REFERRAL_STATE_LABELS[referral.state]}
          </Badge>
        </div>
      </div>
      {referral.duplicate ? (
        <div
          role="note"
          className="mt-3 flex items-start gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-2 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100"
        >
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            {REFERRAL_TEXTS.duplicateWarning}{' '}
            <Link
              to={`/patients/${referral.duplicate.id}`}
              className="font-medium underline underline-offset-2"
            >
              {referral.duplicate.fullName}, born {formatDate(referral.duplicate.dob)}
            </Link>
          </p>
        </div>
      ) : null}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-muted">{REFERRAL_TEXTS.dobLabel}</dt>
        <dd>{formatDate(referral.dob)}</dd>
        {referral.phone ? (
          <>
            <dt className="text-ink-muted">{REFERRAL_TEXTS.phoneLabel}</dt>
            <dd>{referral.phone}</dd>
          </>
        ) : null}
        {accident.length > 0 ? (
          <>
            <dt className="text-ink-muted">Accident</dt>
            <dd>{accident.join(', ')}</dd>
          </>
        ) : null}
        {claim.length > 0 ? (
          <>
            <dt className="text-ink-muted">Insurer</dt>
            <dd>{claim.join(', claim ')}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">LOP</dt>
        <dd>{referral.lopOnFile ? REFERRAL_TEXTS.lopOnFile : REFERRAL_TEXTS.noLop}</dd>
        {referral.injurySummary ? (
          <>
            <dt className="text-ink-muted">{REFERRAL_TEXTS.injurySummaryLabel}</dt>
            <dd className="whitespace-pre-wrap">{referral.injurySummary}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Sent by</dt>
        <dd>
          {referral.createdByName ?? referral.referrer.name}, {formatDateTime(referral.createdAt)}
        </dd>
        {referral.respondedByName ? (
          <>
            <dt className="text-ink-muted">Answered by</dt>
            <dd>{referral.respondedByName}</dd>
          </>
        ) : null}
        {referral.declineReason ? (
          <>
            <dt className="text-ink-muted">{REFERRAL_TEXTS.declineReasonLabel}</dt>
            <dd className="whitespace-pre-wrap">{referral.declineReason}</dd>
          </>
        ) : null}
      </dl>
      {referral.patientId || actions ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {referral.patientId ? (
            <Link
              to={`/patients/${referral.patientId}`}
              className="text-sm font-medium text-brand underline-offset-2 hover:underline"
              aria-label={`${REFERRAL_TEXTS.openPatient}: ${referral.clientName}`}
            >
              {REFERRAL_TEXTS.openPatient}
            </Link>
          ) : null}
          {actions}
        </div>
      ) : null}
    </li>
  );
}
