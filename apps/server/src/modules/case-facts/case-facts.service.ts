import { canEditCaseFacts } from '@casebridge/domain/case-facts/case-facts.policy';
import {
  CASE_STAGE_LABELS,
  DEFAULT_CASE_STAGE,
  describeStageChange,
  type AccidentType,
  type CaseStage,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type {
  TCaseFacts,
  TSaveCaseFactsParsed,
} from '@casebridge/domain/case-facts/case-facts.schemas';
import { computePolicyLimits } from '@casebridge/domain/case-facts/policy-limits';
import { CASE_UPDATE_ACTIVITY } from '@casebridge/domain/case-updates/case-updates-constants';
import { VERSION_MESSAGES } from '@casebridge/domain/versioning/versioning';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { getPatientSpecialsCents } from '#src/modules/billing/billing.service.ts';
import { answerCaseUpdateAsks } from '#src/modules/case-updates/case-updates.service.ts';
import { listCaseStageAudience } from '#src/modules/notifications/recipients.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { describeCaseFactsSave } from './case-facts-audit.ts';
import {
  findCaseFacts,
  insertCaseFacts,
  insertStageChange,
  listCaseInsurers,
  listCaseStageHistory,
  replaceCaseInsurers,
  toCaseFactsRecord,
  updateCaseFacts,
} from './case-facts.queries.ts';

/**
 * A patient's case facts (docs/architecture/case-facts.md): read by every party that sees the
 * patient (the route's case-facts:read keeps contacts out, the patient guard everyone outside
 * the scope), saved by the firm's attorneys and administrators from the version they saw. A
 * save that moves the legal stage keeps the move in the history, tells the patient's clinics
 * and lienholders and publishes the webhook source event.
 */

/** The record as every reader sees it: facts, insurers, the stage's history, the limits. */
async function readCaseFacts(db: Db, patient: InScopePatient): Promise<TCaseFacts> {
  const [row, insurers, stageHistory, specialsCents] = await Promise.all([
    findCaseFacts(db, patient.id),
    listCaseInsurers(db, patient.id),
    listCaseStageHistory(db, patient.id),
    getPatientSpecialsCents(db, patient),
  ]);
  return {
    facts: row ? toCaseFactsRecord(row, insurers) : null,
    stageHistory,
    limits: computePolicyLimits(
      specialsCents,
      insurers.map((insurer) => ({
        coverage: insurer.coverage,
        policyLimitCents:
          insurer.policyLimitCents === null ? null : Number(insurer.policyLimitCents),
      })),
    ),
  };
}

export async function getCaseFacts(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TCaseFacts> {
  const patient = await requirePatientInScope(db, actor, patientId);
  const caseFacts = await readCaseFacts(db, patient);
  await auditPatientRead(db, actor, {
    action: 'case_facts_viewed',
    patientId: patient.id,
    details: caseFacts.facts
      ? `Case facts version ${caseFacts.facts.version}`
      : 'No case facts recorded yet',
    ip: request.ip,
  });
  return caseFacts;
}

/**
 * Saves the case facts: the first save creates them, a later one must name the version it was
 * made from (428 without, 409 with the record as it is when another save came first). An
 * attorney of another firm (one holding temporary access to the patient) reads them but may not
 * save them: 403.
 */
export async function saveCaseFacts(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TSaveCaseFactsParsed & { expectedVersion: number | undefined },
  request: RequestContext,
): Promise<TCaseFacts> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId, { forUpdate: true });
    if (!canEditCaseFacts(actor, patient)) throw forbidden();
    const existing = await findCaseFacts(tx, patient.id, { forUpdate: true });
    const current = () => readCaseFacts(tx, patient);
    if (existing) {
      if (input.expectedVersion === undefined) {
        throw new AppError('PRECONDITION_REQUIRED', VERSION_MESSAGES.required);
      }
      await assertVersion(existing, input.expectedVersion, current);
    }
    const before = existing ? await listCaseInsurers(tx, patient.id) : [];
    const known = new Set(before.map((insurer) => insurer.id));
    for (const [index, insurer] of input.insurers.entries()) {
      if (insurer.insurerId !== undefined && !known.has(insurer.insurerId)) {
        throw validationFailed('This insurer is not on the case; reload and try again', {
          field: `insurers[${index}].insurerId`,
        });
      }
    }
    const fields = {
      accidentDate: input.accidentDate,
      accidentType: input.accidentType,
      firmCaseNumber: input.firmCaseNumber,
      stage: input.stage,
    };
    const saved = existing
      ? await updateCaseFacts(tx, patient.id, fields, actor)
      : await insertCaseFacts(tx, patient.id, fields, actor);
    if (!saved) throw new StaleWriteError(await current());
    await replaceCaseInsurers(
      tx,
      patient.id,
      input.insurers.map(({ insurerId, policyLimit, ...insurer }) => ({
        ...insurer,
        id: insurerId,
        policyLimitCents: policyLimit,
      })),
    );
    change.audit({
      action: 'case_facts_saved',
      patientId: patient.id,
      details: describeCaseFactsSave(saved.version, existing ?? null, before, input),
    });
    const fromStage = existing?.stage ?? DEFAULT_CASE_STAGE;
    if (fromStage !== input.stage) {
      await recordStageChange(change, actor, patient, {
        from: fromStage,
        to: input.stage,
        note: input.stageNote,
      });
    }
    change.publish({ topic: 'case-facts.changed', patientId: patient.id });
    return current();
  });
}

/** The patient's legal stage now (DEFAULT_CASE_STAGE before the firm's first save). */
export async function getCaseStage(db: Db, patient: InScopePatient): Promise<CaseStage> {
  const row = await findCaseFacts(db, patient.id);
  return row?.stage ?? DEFAULT_CASE_STAGE;
}

/**
 * Moves the legal stage as one step of another change (the settlement recorded, the funds
 * disbursed, the case closed: closing-the-case.md), the way a save of the case facts moves it:
 * the facts' next version, the history row, the audit row, the notices and the webhook source.
 * The caller holds the patient's row lock. Returns the stage it moved from.
 */
export async function moveCaseStage(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  to: CaseStage,
  note: string | null,
): Promise<CaseStage> {
  const { tx } = change;
  const existing = await findCaseFacts(tx, patient.id, { forUpdate: true });
  const from = existing?.stage ?? DEFAULT_CASE_STAGE;
  if (from === to) return from;
  const saved = existing
    ? await updateCaseFacts(
        tx,
        patient.id,
        {
          accidentDate: existing.accidentDate,
          accidentType: existing.accidentType,
          firmCaseNumber: existing.firmCaseNumber,
          stage: to,
        },
        actor,
      )
    : await insertCaseFacts(
        tx,
        patient.id,
        { accidentDate: null, accidentType: null, firmCaseNumber: null, stage: to },
        actor,
      );
  if (!saved) throw new StaleWriteError(await readCaseFacts(tx, patient));
  await recordStageChange(change, actor, patient, { from, to, note });
  change.publish({ topic: 'case-facts.changed', patientId: patient.id });
  return from;
}

/**
 * A move of the legal stage: its history row, audit row, Activity item, notices and webhook source
 * event. It is a case update too (docs/architecture/case-updates.md): it resets the clock, which
 * reads the history, and answers the open asks for one.
 */
async function recordStageChange(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  move: { from: CaseStage; to: CaseStage; note: string | null },
): Promise<void> {
  await insertStageChange(change.tx, patient.id, move, actor);
  change.audit({
    action: 'case_stage_changed',
    patientId: patient.id,
    details: `${CASE_STAGE_LABELS[move.from]} → ${CASE_STAGE_LABELS[move.to]}${move.note ? ', with a note' : ''}`,
  });
  change.activity({
    patientId: patient.id,
    kind: 'case_stage',
    summary: CASE_UPDATE_ACTIVITY.stageChanged(move.from, move.to),
    actor,
  });
  await answerCaseUpdateAsks(change, patient);
  await change.notify(await listCaseStageAudience(change.tx, actor, patient), {
    // A stage change is told as a status update: the 'Status changes' preference governs it.
    type: 'status_update',
    content: describeStageChange(patient.fullName, move.from, move.to),
    patientId: patient.id,
    linkTo: `/patients/${patient.id}?tab=case`,
    fromUserId: actor.userId,
    fromRole: actor.role,
  });
  change.publish({ topic: 'case-facts.stage-changed', patientId: patient.id });
}

/**
 * The first case facts of a patient, from what another record already says of the accident and
 * the claim (an accepted referral): written only when the patient has none yet, at intake, with
 * the insurer as the at-fault party's liability carrier. Facts the firm already keeps stay.
 */
export async function recordInitialCaseFacts(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  facts: {
    accidentDate: string | null;
    accidentType: AccidentType | null;
    insurer: { carrier: string; claimNumber: string | null } | null;
    source: string;
  },
): Promise<void> {
  if (!facts.accidentDate && !facts.accidentType && !facts.insurer) return;
  const inserted = await insertCaseFacts(
    change.tx,
    patient.id,
    {
      accidentDate: facts.accidentDate,
      accidentType: facts.accidentType,
      firmCaseNumber: null,
      stage: DEFAULT_CASE_STAGE,
    },
    actor,
  );
  if (!inserted) return;
  if (facts.insurer) {
    await replaceCaseInsurers(change.tx, patient.id, [
      {
        id: undefined,
        coverage: 'liability',
        carrier: facts.insurer.carrier,
        claimNumber: facts.insurer.claimNumber,
        adjusterName: null,
        adjusterPhone: null,
        adjusterEmail: null,
        policyLimitCents: null,
      },
    ]);
  }
  change
    .audit({
      action: 'case_facts_saved',
      patientId: patient.id,
      details: `Version 1 from ${facts.source}`,
    })
    .publish({ topic: 'case-facts.changed', patientId: patient.id });
}
