import {
  CASE_UPDATE_ACTIVITY,
  CASE_UPDATE_TEXTS,
  describeCaseUpdatePosted,
  describeCaseUpdateRequested,
  getCaseUpdateDue,
} from '@casebridge/domain/case-updates/case-updates-constants';
import {
  canPostCaseUpdate,
  canRequestCaseUpdate,
} from '@casebridge/domain/case-updates/case-updates.policy';
import type {
  TCaseUpdateEntry,
  TCaseUpdates,
  TCaseUpdatesOverdue,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import {
  listCaseStageAudience,
  listPatientFirmUsers,
} from '#src/modules/notifications/recipients.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope, getScopeParty } from '#src/modules/patients/patient-scope.ts';
import {
  answerOpenAsks,
  countOverdueOfParty,
  insertAsk,
  insertCaseUpdate,
  isPatientParty,
  listCaseUpdateNotes,
  listOpenAsks,
  listStageMoves,
  readCaseUpdateClock,
} from './case-updates.queries.ts';

/**
 * Case updates owed (docs/architecture/case-updates.md): the firm's notes and stage moves on a
 * patient, the clock they reset, and the clinics' and lienholders' asks for one. Read by every
 * party that sees the patient; notes are posted by the firm's attorneys and administrators,
 * asks made by the patient's own clinics and lienholders.
 */

/** The Case tab's record: notes and stage moves newest first, the clock and the open asks. */
async function readCaseUpdates(db: Db, patient: InScopePatient): Promise<TCaseUpdates> {
  const [notes, moves, clock, openAsks] = await Promise.all([
    listCaseUpdateNotes(db, patient.id),
    listStageMoves(db, patient.id),
    readCaseUpdateClock(db, patient.id),
    listOpenAsks(db, patient.id),
  ]);
  const entries: TCaseUpdateEntry[] = [
    ...notes.map((note) => ({
      id: note.id,
      kind: 'note' as const,
      note: note.note,
      fromStage: null,
      toStage: null,
      authorName: note.authorName,
      createdAt: note.createdAt.toISOString(),
    })),
    ...moves.map((move) => ({
      id: move.id,
      kind: 'stage' as const,
      note: move.note,
      fromStage: move.fromStage,
      toStage: move.toStage,
      authorName: move.changedByName,
      createdAt: move.changedAt.toISOString(),
    })),
  ].toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const clockFrom = clock.clockFrom.toISOString();
  return {
    entries,
    lastUpdateAt: clock.lastUpdateAt?.toISOString() ?? null,
    clockFrom,
    stage: clock.stage,
    intervalDays: clock.intervalDays,
    dueAt:
      clock.intervalDays === null
        ? null
        : getCaseUpdateDue(clockFrom, clock.intervalDays, clock.stage),
    isOverdue: clock.isOverdue,
    openAsks,
  };
}

export async function getCaseUpdates(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TCaseUpdates> {
  const patient = await requirePatientInScope(db, actor, patientId);
  const updates = await readCaseUpdates(db, patient);
  await auditPatientRead(db, actor, {
    action: 'case_updates_viewed',
    patientId: patient.id,
    details: `${updates.entries.length} case updates, ${updates.openAsks.length} open asks`,
    ip: request.ip,
  });
  return updates;
}

/**
 * Answers the patient's open asks with an update just made (a note, or a stage move of the case
 * facts' save), on that update's Change. The Case tab of every party follows live.
 */
export async function answerCaseUpdateAsks(change: Change, patient: InScopePatient): Promise<void> {
  const answered = await answerOpenAsks(change.tx, patient.id);
  if (answered > 0) change.publish({ topic: 'case-updates.changed', patientId: patient.id });
}

/**
 * The firm posts a short note: it resets the clock, answers every open ask, and tells the
 * patient's clinics and lienholders (a status update, under their 'Status changes' preference).
 */
export async function postCaseUpdate(
  db: Db,
  actor: Actor,
  patientId: string,
  input: { note: string },
  request: RequestContext,
): Promise<TCaseUpdates> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId, { forUpdate: true });
    if (!canPostCaseUpdate(actor, patient)) throw forbidden();
    const row = await insertCaseUpdate(tx, {
      patientId: patient.id,
      firmId: actor.role === 'attorney' ? patient.firmId : null,
      note: input.note,
      actor,
    });
    await answerCaseUpdateAsks(change, patient);
    change
      .audit({
        action: 'case_update_posted',
        patientId: patient.id,
        details: `case update ${row.id}: ${input.note.length} characters`,
      })
      .activity({
        patientId: patient.id,
        kind: 'case_update',
        recordId: row.id,
        summary: CASE_UPDATE_ACTIVITY.notePosted(),
        actor,
      });
    await change.notify(await listCaseStageAudience(tx, actor, patient), {
      type: 'status_update',
      content: describeCaseUpdatePosted(actor.organizationName ?? actor.name, patient.fullName),
      patientId: patient.id,
      linkTo: `/patients/${patient.id}?tab=case`,
      fromUserId: actor.userId,
      fromRole: actor.role,
    });
    change.publish(
      { topic: 'case-updates.changed', patientId: patient.id },
      { topic: 'case-updates.posted', patientId: patient.id, payload: { updateId: row.id } },
    );
    return readCaseUpdates(tx, patient);
  });
}

/**
 * A user of one of the patient's clinics or lienholders asks the firm for an update: one open
 * ask per organisation and patient (409 'already asked' for a second), answered by the firm's
 * next update. The firm's attorneys are told (a request, under 'Requests and referrals').
 */
export async function requestCaseUpdate(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TCaseUpdates> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId, { forUpdate: true });
    const organizationId = actor.organizationId;
    const isParty =
      organizationId !== null &&
      (actor.role === 'clinic' || actor.role === 'lienholder') &&
      (await isPatientParty(tx, patient.id, { kind: actor.role, organizationId }));
    const asParty = {
      firmId: patient.firmId,
      clinicIds: isParty && actor.role === 'clinic' ? [organizationId] : [],
      lienholderIds: isParty && actor.role === 'lienholder' ? [organizationId] : [],
    };
    if (!canRequestCaseUpdate(actor, asParty) || organizationId === null)
      throw forbidden(
        patient.firmId === null ? CASE_UPDATE_TEXTS.noFirm : CASE_UPDATE_TEXTS.notTheParty,
      );
    const ask = await insertAsk(tx, { patientId: patient.id, organizationId, actor });
    if (!ask) throw new AppError('CONFLICT', CASE_UPDATE_TEXTS.alreadyAsked);
    const who = actor.organizationName ?? actor.name;
    change
      .audit({
        action: 'case_update_requested',
        patientId: patient.id,
        details: `case update ask ${ask.id}`,
      })
      .activity({
        patientId: patient.id,
        kind: 'case_update',
        recordId: ask.id,
        summary: CASE_UPDATE_ACTIVITY.requested(who),
        actor,
      });
    await change.notify(await listPatientFirmUsers(tx, patient), {
      type: 'case_request',
      content: describeCaseUpdateRequested(who, patient.fullName),
      patientId: patient.id,
      linkTo: `/patients/${patient.id}?tab=case`,
      fromUserId: actor.userId,
      fromRole: actor.role,
    });
    change.publish(
      { topic: 'case-updates.changed', patientId: patient.id },
      { topic: 'case-updates.requested', patientId: patient.id, payload: { askId: ask.id } },
    );
    return readCaseUpdates(tx, patient);
  });
}

/** The dashboards' 'Update overdue' count: the actor's own patients owed an update. */
export async function getOverdueCount(db: Db, actor: Actor): Promise<TCaseUpdatesOverdue> {
  const party = getScopeParty(getActorPatientScope(actor));
  return { overdue: await countOverdueOfParty(db, party) };
}
