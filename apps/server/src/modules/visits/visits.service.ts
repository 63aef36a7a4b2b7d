import { isUuid } from '@casebridge/domain/record-id';
import type { TErrorDetail } from '@casebridge/domain/errors';
import { getLatestTodayIsoDate } from '@casebridge/domain/patients/patient.schemas';
import { canEditVisitsOf, clinicOfNewVisit } from '@casebridge/domain/visits/visit.policy';
import {
  describeNoShow,
  VISIT_ACTIVITY,
  VISIT_MESSAGES,
  VISIT_STATE_LABELS,
  VISIT_TYPE_LABELS,
  type TCorrectVisitParsed,
  type TRecordVisitOutcomeParsed,
  type TScheduleVisitParsed,
  type TSignInSheetRequest,
  type TVisit,
  type TVisitList,
  type VisitOutcome,
} from '@casebridge/domain/visits/visit.schemas';
import type { HistoryChanges } from '@casebridge/domain/history/record-history.schemas';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { DetailedAppError, forbidden, notFound, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { recordCorrection } from '#src/modules/history/record-history.service.ts';
import { listPatientFirmUsers } from '#src/modules/notifications/recipients.ts';
import {
  PatientNotFoundError,
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { advanceLastTreatmentDate } from '#src/modules/patients/patients.service.ts';
import { closeTreatmentGapIfCared } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import {
  findVisits,
  insertVisit,
  isClinic,
  isPatientClinic,
  listClinicDayVisits,
  listPatientVisits,
  readVisit,
  updateVisit,
  type VisitFields,
  type VisitRow,
} from './visits.queries.ts';

/**
 * A patient's visits (docs/architecture/visits.md): every party that sees the patient reads
 * them (visits:read), the visit's clinic and administrators book, record and correct them
 * (visits:edit). An attended visit moves the patient's last treatment date forward through the
 * patient's own write path; a no-show tells the firm; every change is audited, published to the
 * patient's audience, and an outcome feeds the visit.recorded webhook.
 */

/** The patient's visits, newest first; the read is audited. */
export async function listVisits(
  db: Db,
  actor: Actor,
  patientId: string,
  request: RequestContext,
): Promise<TVisitList> {
  const patient = await requirePatientInScope(db, actor, patientId);
  const visits = await listPatientVisits(db, patient.id);
  await auditPatientRead(db, actor, {
    action: 'visits_viewed',
    patientId: patient.id,
    details: `${visits.length} ${visits.length === 1 ? 'visit' : 'visits'}`,
    ip: request.ip,
  });
  return { visits };
}

/**
 * The clinic the request names, if the actor keeps its visits: a clinic user their own, an
 * administrator any clinic. Any other id answers like a missing one.
 */
async function requireClinicOfActor(db: Db, actor: Actor, clinicId: string): Promise<string> {
  if (!isUuid(clinicId) || !canEditVisitsOf(actor, clinicId)) throw notFound();
  if (!(await isClinic(db, clinicId))) throw notFound();
  return clinicId;
}

/** A clinic's visits on one day (the day page), audited with the patients it listed. */
export async function listClinicDay(
  db: Db,
  actor: Actor,
  clinicId: string,
  day: string,
  request: RequestContext,
): Promise<TVisitList> {
  const clinic = await requireClinicOfActor(db, actor, clinicId);
  const visits = await listClinicDayVisits(db, getActorPatientScope(actor), clinic, day);
  await auditPatientRead(db, actor, {
    action: 'clinic_visits_viewed',
    listed: { label: 'patients', ids: [...new Set(visits.map((visit) => visit.patientId))] },
    details: `clinic ${clinic}, day ${day}`,
    ip: request.ip,
  });
  return { visits };
}

/** A day on or after the patient's intake, if it has one. */
function assertNotBeforeIntake(patient: InScopePatient, day: string, field: string): void {
  if (patient.intakeDate && day < patient.intakeDate) {
    throw validationFailed(VISIT_MESSAGES.beforeIntake, { field });
  }
}

/** Books a visit for the actor's clinic (an administrator names one of the patient's). */
export async function scheduleVisit(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TScheduleVisitParsed,
  request: RequestContext,
): Promise<TVisit> {
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId, { forUpdate: true });
    const clinicId = clinicOfNewVisit(actor, input.clinicId);
    if (!clinicId) throw validationFailed(VISIT_MESSAGES.clinicRequired, { field: 'clinicId' });
    if (!canEditVisitsOf(actor, clinicId)) throw forbidden();
    if (!(await isPatientClinic(tx, patient.id, clinicId))) {
      // A clinic user who sees the patient through temporary access keeps no visits of it.
      if (actor.role !== 'admin') throw forbidden();
      throw validationFailed(VISIT_MESSAGES.clinicNotOfPatient, { field: 'clinicId' });
    }
    assertNotBeforeIntake(patient, input.date, 'date');
    const row = await insertVisit(tx, patient.id, { ...input, clinicId }, actor);
    change
      .audit({
        action: 'visit_scheduled',
        patientId: patient.id,
        details: `visit ${row.id}: ${VISIT_TYPE_LABELS[row.type]}`,
      })
      .publish({ topic: 'visit.changed', patientId: patient.id, payload: { visitId: row.id } });
    // A visit booked ahead means the patient is still in care: an open gap closes.
    await closeTreatmentGapIfCared(change, patient.id);
    return readVisit(tx, row.id);
  });
}

/**
 * The visit and its patient, locked for a write in this order (the patient first, as every
 * patient write does): a visit whose patient the actor may not see is missing (404); one of
 * another clinic of a patient the actor sees is refused (403).
 */
async function lockVisitForEdit(
  change: Change,
  actor: Actor,
  visitId: string,
): Promise<{ patient: InScopePatient; visit: VisitRow }> {
  if (!isUuid(visitId)) throw notFound();
  const [found] = await findVisits(change.tx, [visitId]);
  if (!found) throw notFound();
  const patient = await requirePatientInScope(change.tx, actor, found.patientId, {
    forUpdate: true,
  });
  const [visit] = await findVisits(change.tx, [visitId], { forUpdate: true });
  if (!visit) throw notFound();
  if (!canEditVisitsOf(actor, visit.clinicId)) throw forbidden();
  return { patient, visit };
}

/**
 * One write of a visit: in a change, the visit and its patient locked, at the version the user
 * saw (409 with the visit as it is otherwise).
 */
function editVisit<T>(
  db: Db,
  actor: Actor,
  visitId: string,
  expectedVersion: number,
  request: RequestContext,
  work: (change: Change, locked: { patient: InScopePatient; visit: VisitRow }) => Promise<T>,
): Promise<T> {
  return inChange(db, { actor, context: request }, async (change) => {
    const locked = await lockVisitForEdit(change, actor, visitId);
    await assertVersion(locked.visit, expectedVersion, () => readVisit(change.tx, visitId));
    return work(change, locked);
  });
}

/** What is wrong with giving this scheduled visit the outcome, or null. */
function outcomeProblem(visit: VisitRow, outcome: VisitOutcome): string | null {
  if (visit.state !== 'scheduled') return VISIT_MESSAGES.notScheduled;
  if (
    (outcome === 'attended' || outcome === 'no_show') &&
    visit.visitDate > getLatestTodayIsoDate()
  )
    return VISIT_MESSAGES.futureOutcome;
  return null;
}

/**
 * What a visit now attended or missed causes, after its row is written: the last treatment date
 * and the feed for an attended one, the feed and the firm's notice for a no-show.
 */
async function followOutcome(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  visit: VisitRow,
): Promise<void> {
  if (visit.state === 'attended') {
    await advanceLastTreatmentDate(change, actor, patient, visit.visitDate, 'attended visit');
    change.activity({
      patientId: patient.id,
      kind: 'visit',
      recordId: visit.id,
      summary: VISIT_ACTIVITY.attended(visit.type, visit.visitDate),
      actor,
    });
  } else if (visit.state === 'no_show') {
    change.activity({
      patientId: patient.id,
      kind: 'visit',
      recordId: visit.id,
      summary: VISIT_ACTIVITY.noShow(visit.type, visit.visitDate),
      actor,
    });
    await change.notify(await listPatientFirmUsers(change.tx, patient), {
      type: 'visit_no_show',
      content: describeNoShow(patient.fullName, visit.visitDate, visit.visitTime),
      patientId: patient.id,
      linkTo: `/patients/${patient.id}?tab=visits`,
      fromUserId: actor.userId,
      fromRole: actor.role,
    });
  }
}

/** Gives the locked scheduled visit its outcome (checked by the caller) and its effects. */
async function applyOutcome(
  change: Change,
  actor: Actor,
  patient: InScopePatient,
  visit: VisitRow,
  input: TRecordVisitOutcomeParsed,
): Promise<VisitRow> {
  const recorded = { recordedAt: new Date(), recordedByName: actor.name };
  const note = input.note ?? visit.note;
  let saved: VisitRow;
  if (input.outcome === 'rescheduled') {
    assertNotBeforeIntake(patient, input.newDate, 'newDate');
    if (input.newDate === visit.visitDate && input.newTime === visit.visitTime) {
      throw validationFailed(VISIT_MESSAGES.rescheduleSame, { field: 'newDate' });
    }
    const next = await insertVisit(
      change.tx,
      patient.id,
      {
        clinicId: visit.clinicId,
        date: input.newDate,
        time: input.newTime,
        type: visit.type,
        note: visit.note,
        rescheduledFromId: visit.id,
      },
      actor,
    );
    saved = await updateVisit(
      change.tx,
      visit.id,
      { state: 'rescheduled', rescheduledToId: next.id, note, ...recorded },
      actor,
    );
    change.publish({
      topic: 'visit.changed',
      patientId: patient.id,
      payload: { visitId: next.id },
    });
    await closeTreatmentGapIfCared(change, patient.id);
  } else {
    saved = await updateVisit(
      change.tx,
      visit.id,
      { state: input.outcome, note, ...recorded },
      actor,
    );
  }
  change
    .audit({
      action: 'visit_recorded',
      patientId: patient.id,
      details: `visit ${visit.id}: ${VISIT_STATE_LABELS[saved.state]}`,
    })
    .publish(
      { topic: 'visit.changed', patientId: patient.id, payload: { visitId: visit.id } },
      { topic: 'visit.recorded', patientId: patient.id, payload: { visitId: visit.id } },
    );
  await followOutcome(change, actor, patient, saved);
  return saved;
}

/** Records a scheduled visit's outcome from the version the user saw (409 on a stale one). */
export async function recordVisitOutcome(
  db: Db,
  actor: Actor,
  visitId: string,
  input: TRecordVisitOutcomeParsed & { expectedVersion: number },
  request: RequestContext,
): Promise<TVisit> {
  return editVisit(
    db,
    actor,
    visitId,
    input.expectedVersion,
    request,
    async (change, { patient, visit }) => {
      const problem = outcomeProblem(visit, input.outcome);
      if (problem) throw validationFailed(problem, { field: 'outcome' });
      await applyOutcome(change, actor, patient, visit, input);
      return readVisit(change.tx, visit.id);
    },
  );
}

const CORRECTED_FIELDS = {
  date: 'visitDate',
  time: 'visitTime',
  type: 'type',
  state: 'state',
  note: 'note',
} as const;

/**
 * Corrects a visit (a wrong day, time, type, note or outcome) with a reason, kept in the
 * visit's history. A correction to attended moves the last treatment date forward like a
 * recorded visit; one away from attended leaves it (it is never moved back by a visit).
 */
export async function correctVisit(
  db: Db,
  actor: Actor,
  visitId: string,
  input: TCorrectVisitParsed & { expectedVersion: number },
  request: RequestContext,
): Promise<TVisit> {
  return editVisit(
    db,
    actor,
    visitId,
    input.expectedVersion,
    request,
    async (change, { patient, visit }) => {
      if ((visit.state === 'rescheduled') !== (input.state === 'rescheduled')) {
        throw validationFailed(VISIT_MESSAGES.rescheduledState, { field: 'state' });
      }
      assertNotBeforeIntake(patient, input.date, 'date');
      if (
        (input.state === 'attended' || input.state === 'no_show') &&
        input.date > getLatestTodayIsoDate()
      ) {
        throw validationFailed(VISIT_MESSAGES.futureOutcome, { field: 'state' });
      }
      const changes: HistoryChanges = {};
      const fields: VisitFields = {};
      for (const [field, column] of Object.entries(CORRECTED_FIELDS) as Array<
        [keyof typeof CORRECTED_FIELDS, (typeof CORRECTED_FIELDS)[keyof typeof CORRECTED_FIELDS]]
      >) {
        if (visit[column] !== input[field]) {
          changes[field] = { from: visit[column], to: input[field] };
          Object.assign(fields, { [column]: input[field] });
        }
      }
      if (Object.keys(changes).length === 0) return readVisit(change.tx, visit.id);
      const isStateChanged = changes.state !== undefined;
      if (isStateChanged) {
        Object.assign(
          fields,
          input.state === 'scheduled'
            ? { recordedAt: null, recordedByName: null }
            : { recordedAt: new Date(), recordedByName: actor.name },
        );
      }
      const saved = await updateVisit(change.tx, visit.id, fields, actor);
      await recordCorrection(change, {
        recordType: 'visit',
        recordId: visit.id,
        patientId: patient.id,
        version: saved.version,
        action: 'edited',
        changes,
        reason: input.reason,
        actor,
        audit: {
          action: 'visit_corrected',
          details: `visit ${visit.id}: ${Object.keys(changes).join(', ')}`,
        },
      });
      change.publish({
        topic: 'visit.changed',
        patientId: patient.id,
        payload: { visitId: visit.id },
      });
      if (isStateChanged) {
        change.publish({
          topic: 'visit.recorded',
          patientId: patient.id,
          payload: { visitId: visit.id },
        });
        await followOutcome(change, actor, patient, saved);
      } else if (saved.state === 'attended' && changes.date) {
        await advanceLastTreatmentDate(change, actor, patient, saved.visitDate, 'corrected visit');
      }
      await closeTreatmentGapIfCared(change, patient.id);
      return readVisit(change.tx, visit.id);
    },
  );
}

const rowField = (index: number) => `entries[${index}]`;

/**
 * The day's sign-in sheet: many of the clinic's visits of one day marked attended or no-show
 * in one transaction. Every row is checked first; any row at fault refuses the whole save with
 * each such row named in `details` (400, or 409 when the only faults are stale versions), so
 * nothing is recorded unless everything is.
 */
export async function saveSignInSheet(
  db: Db,
  actor: Actor,
  clinicId: string,
  input: TSignInSheetRequest,
  request: RequestContext,
): Promise<TVisitList> {
  const clinic = await requireClinicOfActor(db, actor, clinicId);
  return inChange(db, { actor, context: request }, async (change) => {
    const { tx } = change;
    const ids = input.entries.map((entry) => entry.visitId);
    const found = new Map((await findVisits(tx, ids)).map((row) => [row.id, row]));
    // Patients first, in id order (as every other write locks a patient before its children).
    const patientIds = [...new Set([...found.values()].map((row) => row.patientId))].toSorted();
    const patientsById = new Map<string, InScopePatient>();
    for (const patientId of patientIds) {
      try {
        patientsById.set(
          patientId,
          await requirePatientInScope(tx, actor, patientId, { forUpdate: true }),
        );
      } catch (error) {
        if (!(error instanceof PatientNotFoundError)) throw error;
      }
    }
    const locked = new Map(
      (await findVisits(tx, ids, { forUpdate: true })).map((row) => [row.id, row]),
    );
    const problems: TErrorDetail[] = [];
    const stale: TErrorDetail[] = [];
    const seen = new Set<string>();
    for (const [index, entry] of input.entries.entries()) {
      const visit = locked.get(entry.visitId);
      const problem = (message: string) =>
        problems.push({ field: rowField(index), location: 'body', message });
      if (!visit || visit.clinicId !== clinic || !patientsById.has(visit.patientId)) {
        problem(VISIT_MESSAGES.notOfDay);
      } else if (seen.has(entry.visitId)) {
        problem(VISIT_MESSAGES.duplicateRow);
      } else if (visit.visitDate !== input.date) {
        problem(VISIT_MESSAGES.notOfDay);
      } else if (visit.version !== entry.version) {
        stale.push({
          field: rowField(index),
          location: 'body',
          message: `${patientsById.get(visit.patientId)!.fullName}: changed since it was shown; reload the day`,
        });
      } else {
        const outcome = outcomeProblem(visit, entry.outcome);
        if (outcome) problem(`${patientsById.get(visit.patientId)!.fullName}: ${outcome}`);
      }
      seen.add(entry.visitId);
    }
    if (problems.length > 0 || stale.length > 0) {
      const all = [...problems, ...stale].toSorted((a, b) =>
        a.field.localeCompare(b.field, 'en', { numeric: true }),
      );
      throw new DetailedAppError(
        problems.length > 0 ? 'VALIDATION_FAILED' : 'CONFLICT',
        VISIT_MESSAGES.signInFailed,
        all,
      );
    }
    for (const entry of input.entries) {
      const visit = locked.get(entry.visitId)!;
      await applyOutcome(change, actor, patientsById.get(visit.patientId)!, visit, {
        outcome: entry.outcome,
        note: null,
      });
    }
    return {
      visits: await listClinicDayVisits(tx, getActorPatientScope(actor), clinic, input.date),
    };
  });
}
