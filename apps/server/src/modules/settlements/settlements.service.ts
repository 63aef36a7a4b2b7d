import type {
  TSaveSettlementParsed,
  TSettlement,
} from '@casebridge/domain/settlements/settlement.schemas';
import { computeSettlement } from '@casebridge/domain/settlements/settlement';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import { formatBasisPoints } from '@casebridge/domain/liens/basis-points';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { getPatientLiens } from '#src/modules/liens/liens.service.ts';
import {
  PatientNotFoundError,
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { VERSION_MESSAGES } from '@casebridge/domain/versioning/versioning';
import {
  findSettlementDraft,
  insertSettlementDraft,
  listFirmUserIds,
  toSettlementDraft,
  updateSettlementDraft,
} from './settlements.queries.ts';

/**
 * The attorney's settlement preview (docs/architecture.md 'Settlement preview'): one
 * draft per patient, kept by and shown to the patient's firm only, with the liens as they are
 * now and the figures worked out by the domain's `computeSettlement`. Every read and save is
 * audited; a save is made from the version the attorney saw.
 */

/**
 * The patient, if the actor is an attorney of its firm; anyone else (another firm's attorney
 * who holds emergency access included) gets the same 404 as a missing patient.
 */
async function requireFirmPatient(
  db: Db,
  actor: Actor,
  patientId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InScopePatient & { firmId: string }> {
  const patient = await requirePatientInScope(db, actor, patientId, options);
  const { firmId } = patient;
  if (actor.role !== 'attorney' || firmId === null || actor.organizationId !== firmId) {
    throw new PatientNotFoundError(patientId);
  }
  return { ...patient, firmId };
}

async function toSettlement(
  db: Db,
  actor: Actor,
  patient: InScopePatient,
  draft: TSettlement['draft'],
): Promise<TSettlement> {
  const liens = await getPatientLiens(db, actor, patient.id);
  const figures = draft
    ? computeSettlement({
        grossCents: draft.grossCents,
        feeBasisPoints: draft.feeBasisPoints,
        costsCents: draft.costsCents,
        liens,
      })
    : null;
  return { draft, liens, figures };
}

export async function getSettlement(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TSettlement> {
  const patient = await requireFirmPatient(db, actor, patientId);
  const row = await findSettlementDraft(db, patient.id, patient.firmId);
  const settlement = await toSettlement(db, actor, patient, row ? toSettlementDraft(row) : null);
  await auditPatientRead(db, actor, {
    action: 'settlement_viewed',
    patientId: patient.id,
    details: row ? `Settlement draft version ${row.version}` : 'No settlement draft yet',
    ip: request.ip,
  });
  return settlement;
}

/**
 * Saves the worksheet: the first save creates the draft, a later one must name the version it
 * was made from (428 without, 409 with the worksheet as it is when another save came first).
 */
export async function saveSettlement(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TSaveSettlementParsed & { expectedVersion: number | undefined },
  request: RequestContext,
): Promise<TSettlement> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient = await requireFirmPatient(tx, actor, patientId, { forUpdate: true });
    const fields = {
      grossCents: input.gross,
      feeBasisPoints: input.feePercent,
      costsCents: input.costs,
      note: input.note,
    };
    const current = async () => toSettlement(tx, actor, patient, await readDraft(tx, patient));
    const existing = await findSettlementDraft(tx, patient.id, patient.firmId, { forUpdate: true });
    let saved;
    if (existing) {
      if (input.expectedVersion === undefined) {
        throw new AppError('PRECONDITION_REQUIRED', VERSION_MESSAGES.required);
      }
      await assertVersion(existing, input.expectedVersion, current);
      saved = await updateSettlementDraft(tx, patient.id, patient.firmId, fields, actor);
    } else {
      saved = await insertSettlementDraft(tx, patient.id, patient.firmId, fields, actor);
      if (!saved) throw new StaleWriteError(await current());
    }
    const settlement = await toSettlement(tx, actor, patient, toSettlementDraft(saved));
    const figures = settlement.figures!;
    change.audit({
      action: 'settlement_saved',
      patientId: patient.id,
      details: `Settlement draft version ${saved.version}: gross ${formatUsd(figures.grossCents)}, fee ${formatBasisPoints(fields.feeBasisPoints)} % (${formatUsd(figures.feeCents)}), costs ${formatUsd(figures.costsCents)}, liens ${formatUsd(figures.liensCents)}, net ${formatUsd(figures.netCents)}`,
    });
    change.publish({
      topic: 'settlement.changed',
      recipientUserIds: await listFirmUserIds(tx, patient.firmId),
    });
    return settlement;
  });
}

async function readDraft(db: Db, patient: InScopePatient & { firmId: string }) {
  const row = await findSettlementDraft(db, patient.id, patient.firmId);
  return row ? toSettlementDraft(row) : null;
}
