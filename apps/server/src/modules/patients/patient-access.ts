import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import { getActorPatientScope } from './patient-scope.ts';
import { findPatientInScope, findPatientsInScope, type PatientRow } from './patients.queries.ts';

declare const inScope: unique symbol;

/**
 * A patient id that `requirePatientInScope` checked against the actor of this request. Queries
 * of a patient's children (documents, billing, messages, who hears about it) take this type, so a
 * query for a patient that skipped the guard does not typecheck. Only this file makes one.
 */
export type InScopePatientId = string & { readonly [inScope]: true };

/**
 * The guard's 404: the same answer as any missing record, carrying the id that was asked for so
 * the error handler can audit the refused attempt (modules/audit/refused-access.ts) once the
 * request's transaction has rolled back.
 */
export class PatientNotFoundError extends AppError {
  readonly requestedId: string;

  constructor(requestedId: string) {
    super('NOT_FOUND', 'Not found');
    this.requestedId = requestedId;
  }
}

/** The patient row as the guard read it, inside the actor's scope. */
export type InScopePatient = Readonly<Omit<PatientRow, 'id'>> & {
  readonly id: InScopePatientId;
  readonly [inScope]: true;
};

/**
 * The one patient-access guard: the patient if the actor may see it, read with the actor's scope
 * in SQL. A malformed id, a missing patient and one outside the scope all answer the same 404, so
 * nobody can probe which ids exist; an actor whose scope cannot be computed (a clinic user
 * without a clinic) gets the spec's 403 first. Writers pass `forUpdate` inside their transaction
 * to lock the row they are about to change (FOR NO KEY UPDATE, see `findPatientInScope`).
 */
export async function requirePatientInScope(
  db: Db,
  actor: Actor,
  patientId: string,
  options: { forUpdate?: boolean } = {},
): Promise<InScopePatient> {
  const scope = getActorPatientScope(actor);
  if (!isUuid(patientId)) throw new PatientNotFoundError(patientId);
  const row = await findPatientInScope(db, scope, patientId, options);
  if (!row) throw new PatientNotFoundError(patientId);
  // The one place the brand is given: the row was just read inside the actor's scope.
  return row as InScopePatient;
}

/**
 * The patients of status changes whose notifications were held for their undo window, by id.
 * Each change was made through `requirePatientInScope` in the transaction that wrote its hold,
 * so the patient was in its author's scope; who is told is computed from who may see it now. A
 * patient that is gone is left out.
 */
export async function patientsOfHeldStatusChanges(
  db: Db,
  patientIds: readonly string[],
): Promise<Map<string, InScopePatient>> {
  const rows = await findPatientsInScope(db, { kind: 'all' }, patientIds);
  return new Map(rows.map((row) => [row.id, row as InScopePatient]));
}

/**
 * The patient of a treatment gap the periodic check opened or closed: no user asked,
 * the check works on every patient, and who is told is computed from who may see it now. Null
 * when the patient is gone.
 */
export async function patientOfTreatmentGap(
  db: Db,
  patientId: string,
): Promise<InScopePatient | null> {
  const row = await findPatientInScope(db, { kind: 'all' }, patientId);
  return row ? (row as InScopePatient) : null;
}
