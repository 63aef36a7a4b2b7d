import type { AuditAction } from '@casebridge/domain/audit';
import { applyBasisPoints } from '@casebridge/domain/liens/basis-points';
import type { ReductionParty } from '@casebridge/domain/liens/lien-constants';
import type { TPatientLien } from '@casebridge/domain/liens/lien-ledger.schemas';
import {
  canAnswerReduction,
  canProposeReduction,
  canWithdrawReduction,
  getReductionParty,
  getVisibleReductionStatuses,
  REDUCTION_MESSAGES,
} from '@casebridge/domain/liens/reduction.policy';
import type {
  TReductionHistory,
  TReductionOfferParsed,
} from '@casebridge/domain/liens/reduction.schemas';
import {
  describeReductionStep,
  type ReductionStep,
} from '@casebridge/domain/liens/reduction-texts';
import { isUuid } from '@casebridge/domain/record-id';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { getPatientLiens } from '#src/modules/liens/liens.service.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { notifyReductionStep } from './reduction-notify.ts';
import {
  closeReductionOffer,
  findLinkedLienholder,
  findOpenReductionOffer,
  getLatestRound,
  insertReductionOffer,
  listReductionOffers,
  lockReductionOffer,
  type ReductionOfferRow,
} from './reductions.queries.ts';

/**
 * Reduction negotiation (docs/architecture.md 'Reduction negotiation'). The patient's
 * firm proposes a reduction of one lien; the lienholder accepts, rejects or counters; a counter
 * is answered the same way by the attorney; the maker of the open offer may withdraw it. Each
 * step runs under the patient's row lock and the offer's, so two answers to one offer cannot
 * both win, and is audited, added to the Activity feed, told to the other side and published.
 */

export type LienRef = { patientId: string; lienholderId: string };
export type AnswerKind = 'accept' | 'reject' | 'counter' | 'withdraw';

type Lien = {
  patient: InScopePatient;
  lienholder: { id: string; name: string };
  party: ReductionParty | null;
};

/**
 * The lien of the request, or 404 exactly like a missing patient: the patient in the actor's
 * scope, the lienholder linked to it, and for a lienholder user its own lien only.
 */
async function requireLien(
  db: Db,
  actor: Actor,
  ref: LienRef,
  options: { forUpdate?: boolean } = {},
): Promise<Lien> {
  const patient = await requirePatientInScope(db, actor, ref.patientId, options);
  if (!isUuid(ref.lienholderId)) throw notFound();
  if (actor.role === 'lienholder' && actor.organizationId !== ref.lienholderId) throw notFound();
  const lienholder = await findLinkedLienholder(db, patient.id, ref.lienholderId);
  if (!lienholder) throw notFound();
  const party = getReductionParty(actor, { firmId: patient.firmId, lienholderId: lienholder.id });
  return { patient, lienholder, party };
}

async function findLienFigures(db: Db, actor: Actor, lien: Lien): Promise<TPatientLien | null> {
  const liens = await getPatientLiens(db, actor, lien.patient.id);
  return liens.find((item) => item.lienholderId === lien.lienholder.id) ?? null;
}

async function readHistory(db: Db, actor: Actor, lien: Lien): Promise<TReductionHistory> {
  const statuses = getVisibleReductionStatuses(actor.role, lien.party);
  return {
    lien: await findLienFigures(db, actor, lien),
    offers: await listReductionOffers(db, lien.patient.id, lien.lienholder.id, statuses),
    viewerParty: lien.party,
  };
}

/** The lien's offers as the reader may see them, with its figures; the read is audited. */
export async function getReductionHistory(
  db: Db,
  actor: Actor,
  ref: LienRef,
  request: Pick<RequestContext, 'ip'>,
): Promise<TReductionHistory> {
  const lien = await requireLien(db, actor, ref);
  const history = await readHistory(db, actor, lien);
  await auditPatientRead(db, actor, {
    action: 'reductions_viewed',
    patientId: lien.patient.id,
    details: `Reductions of the ${lien.lienholder.name} lien: ${history.offers.length} offers`,
    ip: request.ip,
  });
  return history;
}

/**
 * The reduction in cents an offer stands for: a dollar amount as given, a percentage of the
 * balance now (half up). Never more than the balance: the balance after it is not negative.
 */
function toOfferAmount(offer: TReductionOfferParsed, balanceCents: number): number {
  const amountCents =
    offer.amountCents ?? applyBasisPoints(Math.max(0, balanceCents), offer.percentBasisPoints ?? 0);
  if (amountCents > balanceCents) {
    throw new AppError('VALIDATION_FAILED', REDUCTION_MESSAGES.exceedsBalance);
  }
  if (amountCents === 0)
    throw new AppError('VALIDATION_FAILED', REDUCTION_MESSAGES.nothingToReduce);
  return amountCents;
}

async function insertOffer(
  db: Db,
  actor: Actor,
  lien: Lien & { party: ReductionParty },
  round: number,
  offer: TReductionOfferParsed,
): Promise<ReductionOfferRow> {
  const balanceCents = (await findLienFigures(db, actor, lien))?.balanceCents ?? 0;
  return insertReductionOffer(
    db,
    {
      patientId: lien.patient.id,
      lienholderId: lien.lienholder.id,
      round,
      offeredBy: lien.party,
      kind: offer.kind,
      amountCents: toOfferAmount(offer, balanceCents),
      percentBasisPoints: offer.percentBasisPoints,
      balanceCents,
      note: offer.note,
    },
    actor,
  );
}

const STEP_AUDIT: Record<ReductionStep, AuditAction> = {
  proposed: 'reduction_proposed',
  countered: 'reduction_countered',
  accepted: 'reduction_accepted',
  rejected: 'reduction_rejected',
  withdrawn: 'reduction_withdrawn',
};

/** After a step: audit, the feed, the other side told, and the live event. */
async function recordStep(
  change: Change,
  actor: Actor,
  lien: Lien & { party: ReductionParty },
  step: { kind: ReductionStep; offer: ReductionOfferRow; note: string | null },
): Promise<void> {
  const who = `${actor.name} (${actor.organizationName ?? actor.role})`;
  const summary = describeReductionStep(step.kind, who, lien.lienholder.name, step.offer);
  change
    .audit({
      action: STEP_AUDIT[step.kind],
      patientId: lien.patient.id,
      details: `${summary}; round ${step.offer.round}; offer ${step.offer.id}${step.note ? '; with a note' : ''}`,
    })
    .activity({
      patientId: lien.patient.id,
      kind: 'reduction',
      recordId: step.offer.id,
      lienholderId: lien.lienholder.id,
      summary,
      actor,
    });
  await notifyReductionStep(change, {
    actor,
    patient: lien.patient,
    lienholderId: lien.lienholder.id,
    notify: lien.party === 'attorney' ? 'lienholder' : 'attorney',
    offerId: step.offer.id,
    summary,
  });
  change.publish({
    topic: 'lien.changed',
    patientId: lien.patient.id,
    payload: { lienholderId: lien.lienholder.id },
  });
}

/** The lien with the actor's side, for a write: 403 for someone who reads but does not negotiate. */
async function requireNegotiatingLien(db: Db, actor: Actor, ref: LienRef) {
  const lien = await requireLien(db, actor, ref, { forUpdate: true });
  if (lien.party === null) throw forbidden(REDUCTION_MESSAGES.notParty);
  return { ...lien, party: lien.party };
}

/** Opens a round: the attorney proposes while no offer is open. */
export async function proposeReduction(
  db: Db,
  actor: Actor,
  ref: LienRef,
  offer: TReductionOfferParsed,
  request: RequestContext,
): Promise<TReductionHistory> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const lien = await requireNegotiatingLien(tx, actor, ref);
    const open = (await findOpenReductionOffer(tx, lien.patient.id, lien.lienholder.id)) ?? null;
    if (!canProposeReduction(lien.party, open)) {
      if (lien.party !== 'attorney') throw forbidden(REDUCTION_MESSAGES.attorneyProposes);
      throw new AppError('CONFLICT', REDUCTION_MESSAGES.offerOpen);
    }
    const round = (await getLatestRound(tx, lien.patient.id, lien.lienholder.id)) + 1;
    const created = await insertOffer(tx, actor, lien, round, offer);
    await recordStep(change, actor, lien, { kind: 'proposed', offer: created, note: offer.note });
    return readHistory(tx, actor, lien);
  });
}

const CLOSING_STATUS = {
  accept: 'accepted',
  reject: 'rejected',
  counter: 'countered',
  withdraw: 'withdrawn',
} as const;

/**
 * Answers an open offer: accept, reject or counter (the side that did not make it) or withdraw
 * (its maker). An offer already answered is 409; the counter-offer stays in the offer's round.
 */
export async function answerReduction(
  db: Db,
  actor: Actor,
  ref: LienRef & { offerId: string },
  answer: { kind: AnswerKind; note: string | null; counter?: TReductionOfferParsed },
  request: RequestContext,
): Promise<TReductionHistory> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const lien = await requireNegotiatingLien(tx, actor, ref);
    const offer = isUuid(ref.offerId)
      ? await lockReductionOffer(tx, lien.patient.id, lien.lienholder.id, ref.offerId)
      : undefined;
    if (!offer) throw notFound();
    if (offer.status !== 'open') throw new AppError('CONFLICT', REDUCTION_MESSAGES.notOpen);
    if (answer.kind === 'withdraw' && !canWithdrawReduction(lien.party, offer)) {
      throw forbidden(REDUCTION_MESSAGES.notOwnOffer);
    }
    if (answer.kind !== 'withdraw' && !canAnswerReduction(lien.party, offer)) {
      throw forbidden(REDUCTION_MESSAGES.ownOffer);
    }
    // Payments since the offer may have left less to reduce than it names: accepting it would
    // push the balance below zero, so it must be countered instead.
    if (answer.kind === 'accept') {
      const balanceCents = (await findLienFigures(tx, actor, lien))?.balanceCents ?? 0;
      if (offer.amountCents > balanceCents) {
        throw new AppError('CONFLICT', REDUCTION_MESSAGES.balanceChanged);
      }
    }
    const closed = await closeReductionOffer(tx, offer.id, CLOSING_STATUS[answer.kind], actor);
    if (answer.kind === 'counter' && answer.counter) {
      const created = await insertOffer(tx, actor, lien, offer.round, answer.counter);
      await recordStep(change, actor, lien, {
        kind: 'countered',
        offer: created,
        note: answer.counter.note,
      });
    } else {
      await recordStep(change, actor, lien, {
        kind: CLOSING_STATUS[answer.kind] as ReductionStep,
        offer: closed,
        note: answer.note,
      });
    }
    return readHistory(tx, actor, lien);
  });
}
