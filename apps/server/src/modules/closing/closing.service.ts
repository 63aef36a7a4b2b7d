import {
  canAnswerPayoff,
  canManageClosing,
  canMarkBillFinal,
  canSeeSettlementFigures,
} from '@casebridge/domain/closing/closing.policy';
import {
  CLOSING_TEXTS,
  SETTLEMENT_SOURCE_LABELS,
  type TClosing,
  type TClosingLien,
  type TPayoff,
  type TPayoffInbox,
  type TPayoffParams,
  type TRecordSettlementParsed,
} from '@casebridge/domain/closing/closing.schemas';
import { computeDisbursement, isLienResolved } from '@casebridge/domain/closing/disbursement';
import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import { isUuid } from '@casebridge/domain/record-id';
import { sanitizeFileName } from '@casebridge/domain/documents/document-naming';
import type { HistoryChanges } from '@casebridge/domain/history/record-history.schemas';
import { VERSION_MESSAGES } from '@casebridge/domain/versioning/versioning';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, notFound, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { getCaseStage, moveCaseStage } from '#src/modules/case-facts/case-facts.service.ts';
import {
  listRecordHistory,
  recordCorrection,
} from '#src/modules/history/record-history.service.ts';
import { recordLienPaymentInChange } from '#src/modules/liens/lien-payments.service.ts';
import { getPatientLiens, type PatientLien } from '#src/modules/liens/liens.service.ts';
import {
  PatientNotFoundError,
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { tellOfPayoff } from './closing-notify.ts';
import { renderDisbursementStatement } from './disbursement-statement.ts';
import {
  answerPayoff,
  findSettlement,
  insertBillFinal,
  insertPayoff,
  insertSettlement,
  listBillFinals,
  listOpenPayoffs,
  listPatientClinicIds,
  listPayoffs,
  lockPayoff,
  toSettlementRecord,
  updateSettlement,
  type SettlementFields,
} from './closing.queries.ts';

/**
 * Settlement and disbursement close the case (docs/architecture/closing-the-case.md): the firm
 * records the settlement (the case moves to Settled through the case facts), proposes each
 * lien's final payoff, which the lienholder confirms (a payment through the lien-payment path)
 * or disputes; once every lien is resolved the firm marks the funds disbursed and closes the
 * case. Clinics mark their bills final. Every read is audited, every write is one Change.
 */

/** The inbox shows at most this many payoffs. */
const INBOX_LIMIT = 100;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The patient, if the actor is an attorney of its firm; anyone else the missing patient's 404. */
async function requireFirmPatient(
  db: Db,
  actor: Actor,
  patientId: string,
): Promise<InScopePatient & { firmId: string }> {
  const patient = await requirePatientInScope(db, actor, patientId, { forUpdate: true });
  if (!canManageClosing(actor, patient) || patient.firmId === null) {
    throw new PatientNotFoundError(patientId);
  }
  return { ...patient, firmId: patient.firmId };
}

/**
 * A write of the firm's on the patient, as one Change: the patient locked and checked to be the
 * actor's firm's (else 404), and `current` for a 409's body.
 */
function inFirmChange<T>(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
  write: (
    change: Change,
    patient: InScopePatient & { firmId: string },
    current: () => Promise<TClosing>,
  ) => Promise<T>,
): Promise<T> {
  return inChange(db, { actor, context: request }, async (change) => {
    const patient = await requireFirmPatient(change.tx, actor, patientId);
    return write(change, patient, () => readClosing(change.tx, actor, patient));
  });
}

function toClosingLien(lien: PatientLien, payoffs: readonly TPayoff[]): TClosingLien {
  const own = payoffs.filter((payoff) => payoff.lienholderId === lien.lienholderId);
  return {
    lienholderId: lien.lienholderId,
    lienholderName: lien.lienholderName,
    billedCents: lien.billedCents,
    paidCents: lien.paidCents,
    reducedCents: lien.reducedCents,
    waivedCents: lien.waivedCents,
    balanceCents: lien.balanceCents,
    payoffs: own,
    isResolved: isLienResolved({
      balanceCents: lien.balanceCents,
      isPayoffConfirmed: own.some((payoff) => payoff.status === 'confirmed'),
    }),
  };
}

/** The final payoff a lien's figures count: the confirmed one, else the one awaiting an answer. */
function currentPayoffCents(lien: TClosingLien): number | null {
  const payoff =
    lien.payoffs.find((p) => p.status === 'confirmed') ??
    lien.payoffs.find((p) => p.status === 'proposed');
  return payoff ? payoff.amountCents : null;
}

/**
 * The closing as the actor may see it: every lien it reads (a lienholder its own) with payoffs,
 * the final bills, and for the firm and administrators the settlement, its history and figures.
 * A confirmed payoff's payment is already in the lien's paid figure; the statement counts the
 * payoff itself, the rest of the balance being waived.
 */
async function readClosing(db: Db, actor: Actor, patient: InScopePatient): Promise<TClosing> {
  const onlyLienholder = actor.role === 'lienholder' ? actor.organizationId : null;
  const [liens, payoffs, billFinals, stage, row] = await Promise.all([
    getPatientLiens(db, actor, patient.id),
    listPayoffs(db, patient.id, onlyLienholder),
    listBillFinals(db, patient.id),
    getCaseStage(db, patient),
    findSettlement(db, patient.id),
  ]);
  const closingLiens = liens.map((lien) => toClosingLien(lien, payoffs));
  const showsSettlement = row !== undefined && canSeeSettlementFigures(actor, patient);
  const settlement = showsSettlement ? toSettlementRecord(row) : null;
  return {
    stage,
    settlement,
    settlementHistory: settlement ? await listRecordHistory(db, 'settlement', settlement.id) : [],
    figures: settlement
      ? computeDisbursement({
          grossCents: settlement.grossCents,
          feeBasisPoints: settlement.feeBasisPoints,
          costsCents: settlement.costsCents,
          liens: closingLiens.map((lien) => ({
            balanceCents: lien.balanceCents,
            payoffCents: currentPayoffCents(lien),
          })),
        })
      : null,
    liens: closingLiens,
    billFinals,
    areLiensResolved: closingLiens.every((lien) => lien.isResolved),
  };
}

export async function getClosing(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TClosing> {
  const patient = await requirePatientInScope(db, actor, patientId);
  const closing = await readClosing(db, actor, patient);
  await auditPatientRead(db, actor, {
    action: 'closing_viewed',
    patientId: patient.id,
    details: `${closing.settlement ? `settlement version ${closing.settlement.version}; ` : ''}payoffs: ${
      closing.liens.flatMap((lien) => lien.payoffs.map((payoff) => payoff.id)).join(',') || 'none'
    }`,
    ip: request.ip,
  });
  return closing;
}

/** Which settlement fields a save changed, for its history row. */
function diffSettlement(before: SettlementFields, after: SettlementFields): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const key of Object.keys(after) as Array<keyof SettlementFields>) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

const describeSettlement = (fields: SettlementFields) =>
  `gross ${formatUsd(fields.grossCents)} on ${fields.settledOn} (${SETTLEMENT_SOURCE_LABELS[fields.source]}), fee ${formatBasisPoints(fields.feeBasisPoints)} %, costs ${formatUsd(fields.costsCents)}`;

/**
 * Records the settlement (the first save, which moves the case to Settled through the case
 * facts) or edits it from the version the attorney saw (428 without one, 409 when stale). A
 * closed case's settlement is final (409).
 */
export async function recordSettlement(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TRecordSettlementParsed & { expectedVersion: number | undefined },
  request: RequestContext,
): Promise<TClosing> {
  return inFirmChange(db, actor, patientId, request, async (change, patient, current) => {
    const { tx } = change;
    const stage = await getCaseStage(tx, patient);
    if (stage === 'closed') throw conflict(CLOSING_TEXTS.alreadyClosed);
    const fields: SettlementFields = {
      grossCents: input.gross,
      settledOn: input.settledOn,
      source: input.source,
      feeBasisPoints: input.feePercent,
      costsCents: input.costs,
      note: input.note,
    };
    const existing = await findSettlement(tx, patient.id, { forUpdate: true });
    if (existing) {
      if (input.expectedVersion === undefined) {
        throw new AppError('PRECONDITION_REQUIRED', VERSION_MESSAGES.required);
      }
      await assertVersion(existing, input.expectedVersion, current);
      const changes = diffSettlement(existing, fields);
      if (Object.keys(changes).length === 0) return current();
      const saved = await updateSettlement(tx, patient.id, fields, actor);
      await recordCorrection(change, {
        recordType: 'settlement',
        recordId: saved.id,
        patientId: patient.id,
        version: saved.version,
        action: 'edited',
        changes,
        actor,
        audit: {
          action: 'settlement_edited',
          details: `Settlement version ${saved.version}: ${describeSettlement(fields)}`,
        },
      });
    } else {
      const saved = await insertSettlement(tx, patient.id, patient.firmId, fields, actor);
      if (!saved) throw new StaleWriteError(await current());
      await recordCorrection(change, {
        recordType: 'settlement',
        recordId: saved.id,
        patientId: patient.id,
        version: saved.version,
        action: 'recorded',
        changes: diffSettlement(
          {
            grossCents: 0,
            settledOn: '',
            source: fields.source,
            feeBasisPoints: 0,
            costsCents: 0,
            note: null,
          },
          fields,
        ),
        actor,
        audit: {
          action: 'settlement_recorded',
          details: `Settlement recorded: ${describeSettlement(fields)}`,
        },
      });
      if (stage !== 'settled' && stage !== 'disbursed') {
        await moveCaseStage(change, actor, patient, 'settled', CLOSING_TEXTS.settlementTitle);
      }
      change.publish({ topic: 'settlement.recorded', patientId: patient.id });
    }
    change.publish({ topic: 'closing.changed', patientId: patient.id });
    return current();
  });
}

/**
 * The lien a payoff concerns, as the actor sees it (a lienholder its own only): linked to the
 * patient, else the missing patient's 404.
 */
async function requireLinkedLien(
  db: Db,
  actor: Actor,
  patient: InScopePatient,
  lienholderId: string,
): Promise<PatientLien> {
  const liens = isUuid(lienholderId) ? await getPatientLiens(db, actor, patient.id) : [];
  const lien = liens.find((item) => item.lienholderId === lienholderId);
  if (!lien) throw new PatientNotFoundError(patient.id);
  return lien;
}

/**
 * Proposes a lien's final payoff to its lienholder (the firm). Needs the settlement recorded, no
 * payoff awaiting an answer and none confirmed on the lien, and an amount within the balance.
 */
export async function proposePayoff(
  db: Db,
  actor: Actor,
  params: { patientId: string; lienholderId: string },
  input: { amount: number; note: string | null },
  request: RequestContext,
): Promise<TClosing> {
  return inFirmChange(db, actor, params.patientId, request, async (change, patient, current) => {
    const { tx } = change;
    const lien = await requireLinkedLien(tx, actor, patient, params.lienholderId);
    const settlement = await findSettlement(tx, patient.id);
    if (!settlement) throw conflict(CLOSING_TEXTS.notSettled);
    if ((await getCaseStage(tx, patient)) === 'closed') throw conflict(CLOSING_TEXTS.alreadyClosed);
    const payoffs = await listPayoffs(tx, patient.id, params.lienholderId);
    if (payoffs.some((payoff) => payoff.status === 'confirmed')) {
      throw conflict(CLOSING_TEXTS.payoffSettled);
    }
    if (payoffs.some((payoff) => payoff.status === 'proposed')) {
      throw conflict(CLOSING_TEXTS.payoffOpen);
    }
    const balanceCents = Math.max(0, lien.balanceCents);
    if (input.amount > balanceCents) {
      throw validationFailed(
        `The payoff cannot be more than the lien's balance of ${formatUsd(balanceCents)}`,
        { field: 'amount' },
      );
    }
    const payoffId = await insertPayoff(
      tx,
      {
        patientId: patient.id,
        lienholderId: params.lienholderId,
        amountCents: input.amount,
        balanceCents,
        note: input.note,
      },
      actor,
    );
    if (!payoffId) throw new StaleWriteError(await current());
    const payoff = { id: payoffId, amountCents: input.amount, lienholderId: params.lienholderId };
    change
      .audit({
        action: 'payoff_proposed',
        patientId: patient.id,
        details: `payoff ${payoffId} to lienholder ${params.lienholderId}: ${formatUsd(input.amount)} of a balance of ${formatUsd(balanceCents)}`,
      })
      .activity({
        patientId: patient.id,
        kind: 'payment',
        recordId: payoffId,
        lienholderId: params.lienholderId,
        summary: `${actor.organizationName ?? 'The firm'} proposed a final payoff of ${formatUsd(input.amount)} to ${lien.lienholderName}`,
        actor,
      });
    await tellOfPayoff(change, actor, patient, { step: 'proposed', payoff });
    change.publish(
      { topic: 'payoff.proposed', patientId: patient.id, payload: { payoffId } },
      { topic: 'closing.changed', patientId: patient.id },
      {
        topic: 'lien.changed',
        patientId: patient.id,
        payload: { lienholderId: params.lienholderId },
      },
    );
    return readClosing(tx, actor, patient);
  });
}

type PayoffAnswer =
  | { step: 'confirmed'; paidOn: string; reference: string | null }
  | { step: 'disputed'; reason: string }
  | { step: 'withdrawn' };

/**
 * Answers a payoff awaiting its lienholder: confirmed or disputed by that lienholder's users
 * (anyone else: 404), withdrawn by the firm. The patient's row lock and the payoff's FOR UPDATE
 * make of two answers one win; the other gets 409. A confirmation records the payment through
 * the lien-payment path (none for a waiver of 0).
 */
export async function answerPayoffAs(
  db: Db,
  actor: Actor,
  params: TPayoffParams,
  answer: PayoffAnswer,
  request: RequestContext,
): Promise<TClosing> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient =
      answer.step === 'withdrawn'
        ? await requireFirmPatient(tx, actor, params.patientId)
        : await requirePatientInScope(tx, actor, params.patientId, { forUpdate: true });
    if (answer.step !== 'withdrawn' && !canAnswerPayoff(actor, params.lienholderId)) {
      throw new PatientNotFoundError(params.patientId);
    }
    await requireLinkedLien(tx, actor, patient, params.lienholderId);
    const payoff = isUuid(params.payoffId)
      ? await lockPayoff(tx, patient.id, params.lienholderId, params.payoffId)
      : undefined;
    if (!payoff) throw notFound();
    if (payoff.status !== 'proposed') throw conflict(CLOSING_TEXTS.payoffAnswered);
    let paymentId: string | null = null;
    if (answer.step === 'confirmed') {
      const settlement = await findSettlement(tx, patient.id);
      if (settlement && answer.paidOn < settlement.settledOn) {
        throw validationFailed('The payment cannot be dated before the settlement', {
          field: 'paidOn',
        });
      }
      if (payoff.amountCents > 0) {
        const payment = await recordLienPaymentInChange(
          change,
          actor,
          patient,
          params.lienholderId,
          { amountCents: payoff.amountCents, paidOn: answer.paidOn, reference: answer.reference },
          `final payoff ${payoff.id}`,
        );
        paymentId = payment.id;
      }
    }
    await answerPayoff(
      tx,
      payoff.id,
      {
        status: answer.step,
        disputeReason: answer.step === 'disputed' ? answer.reason : undefined,
        paymentId,
      },
      actor,
    );
    const amount = formatUsd(payoff.amountCents);
    const verb = { confirmed: 'confirmed', disputed: 'disputed', withdrawn: 'withdrew' }[
      answer.step
    ];
    change
      .audit({
        action: `payoff_${answer.step}`,
        patientId: patient.id,
        details: `payoff ${payoff.id} of lienholder ${params.lienholderId}: ${amount}${
          answer.step === 'disputed' ? `; reason: ${answer.reason}` : ''
        }${paymentId ? `; payment ${paymentId}` : ''}`,
      })
      .activity({
        patientId: patient.id,
        kind: 'payment',
        recordId: payoff.id,
        lienholderId: params.lienholderId,
        summary: `${actor.organizationName ?? actor.name} ${verb} the final payoff of ${amount}`,
        actor,
      });
    if (answer.step !== 'withdrawn') {
      await tellOfPayoff(change, actor, patient, { step: answer.step, payoff });
      change.publish({
        topic: answer.step === 'confirmed' ? 'payoff.confirmed' : 'payoff.disputed',
        patientId: patient.id,
        payload: { payoffId: payoff.id },
      });
    }
    change.publish(
      { topic: 'closing.changed', patientId: patient.id },
      {
        topic: 'lien.changed',
        patientId: patient.id,
        payload: { lienholderId: params.lienholderId },
      },
    );
    return readClosing(tx, actor, patient);
  });
}

/**
 * Marks the funds disbursed (settled → disbursed) once every lien is paid or its payoff
 * confirmed, or closes the case (disbursed → closed); both through the case facts' stage, from
 * the settlement's version.
 */
export async function advanceClosing(
  db: Db,
  actor: Actor,
  patientId: string,
  input: { step: 'disburse'; disbursedOn: string } | { step: 'close' },
  expectedVersion: number,
  request: RequestContext,
): Promise<TClosing> {
  return inFirmChange(db, actor, patientId, request, async (change, patient, current) => {
    const { tx } = change;
    const settlement = await findSettlement(tx, patient.id, { forUpdate: true });
    if (!settlement) throw conflict(CLOSING_TEXTS.notSettled);
    await assertVersion(settlement, expectedVersion, current);
    const stage = await getCaseStage(tx, patient);
    if (stage === 'closed') throw conflict(CLOSING_TEXTS.alreadyClosed);
    if (input.step === 'disburse') {
      const closing = await current();
      if (!closing.areLiensResolved) throw conflict(CLOSING_TEXTS.liensOpen);
      if (input.disbursedOn < settlement.settledOn) {
        throw validationFailed('The funds cannot be disbursed before the settlement date', {
          field: 'disbursedOn',
        });
      }
      const saved = await updateSettlement(
        tx,
        patient.id,
        { disbursedOn: input.disbursedOn },
        actor,
      );
      change.audit({
        action: 'case_disbursed',
        patientId: patient.id,
        details: `Settlement version ${saved.version}: disbursed on ${input.disbursedOn}`,
      });
      await moveCaseStage(change, actor, patient, 'disbursed', null);
    } else {
      if (stage !== 'disbursed' || settlement.disbursedOn === null) {
        throw conflict(CLOSING_TEXTS.notDisbursed);
      }
      const saved = await updateSettlement(tx, patient.id, { closedAt: new Date() }, actor);
      change.audit({
        action: 'case_closed',
        patientId: patient.id,
        details: `Settlement version ${saved.version}: case closed`,
      });
      await moveCaseStage(change, actor, patient, 'closed', null);
      change.publish({ topic: 'case.closed', patientId: patient.id });
    }
    change.publish({ topic: 'closing.changed', patientId: patient.id });
    return current();
  });
}

/**
 * Marks the actor's clinic's bill for the patient final (the patient's clinics only: others
 * 403; a patient outside the scope 404). A second mark changes nothing.
 */
export async function markBillFinal(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TClosing> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId, { forUpdate: true });
    const clinicIds = await listPatientClinicIds(tx, patient.id);
    if (!canMarkBillFinal(actor, { clinicIds }) || actor.organizationId === null) throw forbidden();
    if (await insertBillFinal(tx, patient.id, actor.organizationId, actor)) {
      change
        .audit({
          action: 'bill_marked_final',
          patientId: patient.id,
          details: `bill of clinic ${actor.organizationId} marked final`,
        })
        .activity({
          patientId: patient.id,
          kind: 'billing_line',
          summary: `${actor.organizationName ?? 'The clinic'} marked its bill final`,
          actor,
        })
        .publish({ topic: 'closing.changed', patientId: patient.id });
    }
    return readClosing(tx, actor, patient);
  });
}

/**
 * The payoffs awaiting an answer on the patients the actor sees (a lienholder: its own),
 * oldest first; audited as one read naming the patients.
 */
export async function listPayoffInbox(
  db: Db,
  actor: Actor,
  request: RequestContext,
): Promise<TPayoffInbox> {
  const onlyLienholder = actor.role === 'lienholder' ? actor.organizationId : null;
  const items = await listOpenPayoffs(db, getActorPatientScope(actor), onlyLienholder, INBOX_LIMIT);
  await auditPatientRead(db, actor, {
    action: 'payoffs_listed',
    listed: { label: 'patients', ids: [...new Set(items.map((item) => item.patientId))] },
    details: `payoffs: ${items.map((item) => item.id).join(',') || 'none'}`,
    ip: request.ip,
  });
  return { items };
}

/** For the statement: the closing as the firm sees it, with the patient. */
export async function readFirmClosing(db: Db, actor: Actor, patientId: string) {
  const patient = await requirePatientInScope(db, actor, patientId);
  if (!canManageClosing(actor, patient)) throw new PatientNotFoundError(patientId);
  return { patient, closing: await readClosing(db, actor, patient) };
}

/**
 * The disbursement statement PDF (the firm's attorneys; anyone else the missing patient's
 * 404), audited as a read of the patient's health information. Needs the settlement recorded.
 */
export async function getDisbursementStatement(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<{ fileName: string; pdf: Buffer }> {
  const { patient, closing } = await readFirmClosing(db, actor, patientId);
  if (!closing.settlement) throw conflict(CLOSING_TEXTS.notSettled);
  const generatedOn = new Date().toISOString().slice(0, 10);
  const pdf = await renderDisbursementStatement(
    patient,
    actor.organizationName ?? 'Law firm',
    closing,
    generatedOn,
  );
  await auditPatientRead(db, actor, {
    action: 'disbursement_statement_viewed',
    patientId: patient.id,
    details: `Disbursement statement as PDF, settlement version ${closing.settlement.version}`,
    ip: request.ip,
  });
  return {
    fileName: `disbursement-statement-${sanitizeFileName(patient.fullName)}.pdf`,
    pdf,
  };
}
