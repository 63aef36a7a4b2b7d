import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TVisit, VisitState, VisitType } from '@casebridge/domain/visits/visit.schemas';
import type { Db } from '#src/db/client.ts';
import { organizations, patientClinics, patients, visits } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import {
  patientScopeCondition,
  type ActorPatientScope,
} from '#src/modules/patients/patient-scope.ts';

export type VisitRow = typeof visits.$inferSelect;

/** A visit as every reader sees it: with its patient's and clinic's names. */
const visitColumns = {
  visit: visits,
  patientName: patients.fullName,
  clinicName: organizations.name,
};

type VisitSelection = { visit: VisitRow; patientName: string; clinicName: string };

function toVisit({ visit, patientName, clinicName }: VisitSelection): TVisit {
  return {
    id: visit.id,
    patientId: visit.patientId,
    patientName,
    clinicId: visit.clinicId,
    clinicName,
    date: visit.visitDate,
    time: visit.visitTime,
    type: visit.type,
    state: visit.state,
    note: visit.note,
    rescheduledFromId: visit.rescheduledFromId,
    rescheduledToId: visit.rescheduledToId,
    recordedAt: visit.recordedAt?.toISOString() ?? null,
    recordedByName: visit.recordedByName,
    version: visit.version,
    updatedAt: visit.updatedAt.toISOString(),
    updatedByName: visit.updatedByName,
  };
}

function selectVisits(db: Db) {
  return db
    .select(visitColumns)
    .from(visits)
    .innerJoin(patients, eq(patients.id, visits.patientId))
    .innerJoin(organizations, eq(organizations.id, visits.clinicId));
}

/** The patient's visits, newest first. */
export async function listPatientVisits(db: Db, patientId: InScopePatientId): Promise<TVisit[]> {
  const rows = await selectVisits(db)
    .where(eq(visits.patientId, patientId))
    .orderBy(desc(visits.visitDate), desc(visits.visitTime), desc(visits.createdAt));
  return rows.map(toVisit);
}

/**
 * A clinic's visits on one day, in time order, of the patients the scope may see now: the
 * scope is the SQL's, so a patient the clinic no longer serves drops out of its day.
 */
export async function listClinicDayVisits(
  db: Db,
  scope: ActorPatientScope,
  clinicId: string,
  day: string,
): Promise<TVisit[]> {
  const rows = await selectVisits(db)
    .where(
      and(eq(visits.clinicId, clinicId), eq(visits.visitDate, day), patientScopeCondition(scope)),
    )
    .orderBy(asc(visits.visitTime), asc(patients.fullName), asc(visits.id));
  return rows.map(toVisit);
}

/** One visit as readers see it (after a write, in its transaction). */
export async function readVisit(db: Db, visitId: string): Promise<TVisit> {
  const [row] = await selectVisits(db).where(eq(visits.id, visitId));
  if (!row) throw new Error('a visit just written vanished');
  return toVisit(row);
}

/** The visits of the given ids, unscoped: the caller checks each one's patient. */
export async function findVisits(
  db: Db,
  visitIds: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<VisitRow[]> {
  if (visitIds.length === 0) return [];
  const query = db
    .select()
    .from(visits)
    .where(inArray(visits.id, [...visitIds]))
    .orderBy(asc(visits.id));
  return options.forUpdate ? query.for('update') : query;
}

/** Whether the organisation is a clinic. */
export async function isClinic(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.kind, 'clinic')));
  return row !== undefined;
}

/** Whether the clinic is one of the patient's own (not one holding temporary access). */
export async function isPatientClinic(
  db: Db,
  patientId: InScopePatientId,
  clinicId: string,
): Promise<boolean> {
  const assigned = await db.$count(
    patientClinics,
    and(eq(patientClinics.clinicId, clinicId), eq(patientClinics.patientId, patientId)),
  );
  return assigned > 0;
}

export type NewVisit = {
  clinicId: string;
  date: string;
  time: string;
  type: VisitType;
  note: string | null;
  rescheduledFromId?: string | null;
};

export async function insertVisit(
  db: Db,
  patientId: InScopePatientId,
  visit: NewVisit,
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<VisitRow> {
  const [row] = await db
    .insert(visits)
    .values({
      patientId,
      clinicId: visit.clinicId,
      visitDate: visit.date,
      visitTime: visit.time,
      type: visit.type,
      note: visit.note,
      rescheduledFromId: visit.rescheduledFromId ?? null,
      updatedBy: actor.userId,
      updatedByName: actor.name,
    })
    .returning();
  if (!row) throw new Error('the visit insert returned nothing');
  return row;
}

export type VisitFields = Partial<{
  visitDate: string;
  visitTime: string;
  type: VisitType;
  state: VisitState;
  note: string | null;
  rescheduledToId: string;
  recordedAt: Date | null;
  recordedByName: string | null;
}>;

/** Writes the locked visit's next version. */
export async function updateVisit(
  db: Db,
  visitId: string,
  fields: VisitFields,
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<VisitRow> {
  const [row] = await db
    .update(visits)
    .set({ ...fields, ...nextVersion(visits, actor) })
    .where(eq(visits.id, visitId))
    .returning();
  if (!row) throw new Error('the locked visit vanished');
  return row;
}
