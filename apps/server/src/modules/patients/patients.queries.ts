import { and, asc, count, desc, eq, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PatientScope } from '@casebridge/domain/patients/patient.policy';
import type {
  TListPatientsParsed,
  TPatientDetail,
  TPatientMatch,
  TPatientStats,
  TPatientSummary,
} from '@casebridge/domain/patients/patient.schemas';
import {
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import type { OrganizationKind } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import {
  heldStatusChanges,
  organizations,
  patientClinics,
  patientLienholders,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { patientScopeCondition } from './patient-scope.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Correlated subqueries name the outer column in full: drizzle leaves columns unqualified in a
 * single-table select, and an unqualified "id" would bind to the subquery's own tables.
 */
const outerPatientId = sql`${sql.identifier('patients')}.${sql.identifier('id')}`;
const outerFirmId = sql`${sql.identifier('patients')}.${sql.identifier('firm_id')}`;
const clinicNames = sql<
  string[]
>`coalesce((select array_agg(o.name order by o.name) from ${patientClinics} pc join ${organizations} o on o.id = pc.clinic_id where pc.patient_id = ${outerPatientId}), '{}')`;
const firmName = sql<
  string | null
>`(select o.name from ${organizations} o where o.id = ${outerFirmId})`;

/** Status order for sorting follows the spec's list, not the alphabet. */
const statusOrder = sql`array_position(array[${sql.join(
  TREATMENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}]::text[], ${patients.treatmentStatus})`;

function listConditions(
  scope: PatientScope,
  query: Pick<TListPatientsParsed, 'search' | 'status'>,
): SQL {
  const conditions: SQL[] = [patientScopeCondition(scope)];
  if (query.search) conditions.push(ilike(patients.fullName, `%${escapeLike(query.search)}%`));
  if (query.status) conditions.push(eq(patients.treatmentStatus, query.status));
  return and(...conditions)!;
}

export async function listPatients(
  db: Db,
  scope: PatientScope,
  query: TListPatientsParsed,
): Promise<{ items: TPatientSummary[]; total: number }> {
  const where = listConditions(scope, query);
  const orderBy =
    query.sort === 'name'
      ? [asc(sql`lower(${patients.fullName})`), asc(patients.id)]
      : query.sort === 'status'
        ? [asc(statusOrder), desc(patients.updatedAt), asc(patients.id)]
        : [desc(patients.updatedAt), asc(patients.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: patients.id,
        fullName: patients.fullName,
        dob: patients.dob,
        treatmentStatus: patients.treatmentStatus,
        intakeDate: patients.intakeDate,
        lastTreatmentDate: patients.lastTreatmentDate,
        updatedAt: patients.updatedAt,
        clinicNames,
        firmName,
      })
      .from(patients)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(patients).where(where),
  ]);
  return {
    total: Number(totalRow?.n ?? 0),
    items: rows.map((row) => ({
      ...row,
      clinicNames: row.clinicNames ?? [],
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
  };
}

export async function getPatientStats(db: Db, scope: PatientScope): Promise<TPatientStats> {
  const rows = await db
    .select({ status: patients.treatmentStatus, n: count() })
    .from(patients)
    .where(patientScopeCondition(scope))
    .groupBy(patients.treatmentStatus);
  const byStatus = Object.fromEntries(TREATMENT_STATUSES.map((status) => [status, 0])) as Record<
    TreatmentStatus,
    number
  >;
  for (const row of rows) byStatus[row.status] = Number(row.n);
  return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus };
}

/** How many matches Add Patient's duplicate warning lists at most. */
const DUPLICATE_MATCH_LIMIT = 5;

/**
 * Patients inside the scope with this date of birth whose name has the same key as
 * `normalizedName` (`domain/patients/patient-name.ts` `normalizePatientName`, computed here in
 * SQL the same way: lower case, letters and digits only). Outside the scope nothing is found.
 */
export async function findPatientsByNameKey(
  db: Db,
  scope: PatientScope,
  match: { normalizedName: string; dob: string },
): Promise<TPatientMatch[]> {
  return db
    .select({ id: patients.id, fullName: patients.fullName, dob: patients.dob })
    .from(patients)
    .where(
      and(
        patientScopeCondition(scope),
        eq(patients.dob, match.dob),
        sql`regexp_replace(lower(${patients.fullName}), '[^a-z0-9]', '', 'g') = ${match.normalizedName}`,
      ),
    )
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(DUPLICATE_MATCH_LIMIT);
}

export type PatientRow = typeof patients.$inferSelect;

/**
 * The patient if it is inside the scope, else null; only the guard (`patient-access.ts`
 * `requirePatientInScope`) calls it, and answers 404 either way. With
 * `forUpdate`, inside a transaction, the row is also locked until commit, so a read-then-write
 * (status change, demographics edit) sees the row as it is and no other writer can change it in
 * between; a writer that was waiting reads the row its predecessor committed. FOR NO KEY UPDATE
 * does not block inserts that reference the patient (messages, documents, notifications).
 */
export async function findPatientInScope(
  db: Db,
  scope: PatientScope,
  patientId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PatientRow | null> {
  const query = db
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), patientScopeCondition(scope)))
    .limit(1);
  const [row] = options.forUpdate
    ? await query.for('no key update', { of: patients })
    : await query;
  return row ?? null;
}

export async function getPatientAssignments(db: Db, patientId: string) {
  const [clinicRows, lienholderRows] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, phone: organizations.phone })
      .from(patientClinics)
      .innerJoin(organizations, eq(organizations.id, patientClinics.clinicId))
      .where(eq(patientClinics.patientId, patientId))
      .orderBy(asc(organizations.name)),
    db
      .select({ id: organizations.id, name: organizations.name, phone: organizations.phone })
      .from(patientLienholders)
      .innerJoin(organizations, eq(organizations.id, patientLienholders.lienholderId))
      .where(eq(patientLienholders.patientId, patientId))
      .orderBy(asc(organizations.name)),
  ]);
  return { clinics: clinicRows, lienholders: lienholderRows };
}

export async function toPatientDetail(db: Db, row: PatientRow): Promise<TPatientDetail> {
  const [{ clinics, lienholders }, firmRows] = await Promise.all([
    getPatientAssignments(db, row.id),
    row.firmId
      ? db
          .select({ id: organizations.id, name: organizations.name, phone: organizations.phone })
          .from(organizations)
          .where(eq(organizations.id, row.firmId))
      : Promise.resolve([]),
  ]);
  return {
    id: row.id,
    fullName: row.fullName,
    dob: row.dob,
    intakeDate: row.intakeDate,
    evalDate: row.evalDate,
    lastTreatmentDate: row.lastTreatmentDate,
    treatmentStatus: row.treatmentStatus,
    clinics,
    firm: firmRows[0] ?? null,
    lienholders,
    pointOfContactName: row.pointOfContactName,
    pointOfContactPhone: row.pointOfContactPhone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    updatedByName: row.updatedByName,
  };
}

/** How many of the ids are organisations of the kind; used to refuse foreign or wrong ids. */
export async function countOrganizationsOfKind(
  db: Db,
  kind: OrganizationKind,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.kind, kind), inArray(organizations.id, [...ids])));
  return Number(row?.n ?? 0);
}

export async function replacePatientClinics(
  db: Db,
  patientId: string,
  clinicIds: readonly string[],
) {
  await db.delete(patientClinics).where(eq(patientClinics.patientId, patientId));
  if (clinicIds.length > 0)
    await db.insert(patientClinics).values(clinicIds.map((clinicId) => ({ patientId, clinicId })));
}

export async function replacePatientLienholders(
  db: Db,
  patientId: string,
  lienholderIds: readonly string[],
) {
  await db.delete(patientLienholders).where(eq(patientLienholders.patientId, patientId));
  if (lienholderIds.length > 0) {
    await db
      .insert(patientLienholders)
      .values(lienholderIds.map((lienholderId) => ({ patientId, lienholderId })));
  }
}

export type HeldStatusChange = typeof heldStatusChanges.$inferSelect;

/** Holds a status change's notifications until `releaseAt`; returns the hold's id. */
export async function holdStatusChange(
  db: Db,
  values: typeof heldStatusChanges.$inferInsert,
): Promise<string> {
  const [held] = await db
    .insert(heldStatusChanges)
    .values(values)
    .returning({ id: heldStatusChanges.id });
  if (!held) throw new Error('the held status change was not written');
  return held.id;
}

/**
 * Takes a hold back for an undo: deletes the actor's own hold of this patient and returns it,
 * or nothing when it is gone (released, or undone already). A release in progress holds the row
 * lock, so the delete waits for it and then finds nothing.
 */
export async function takeHeldStatusChange(
  db: Db,
  hold: { id: string; patientId: string; actorId: string },
): Promise<HeldStatusChange | undefined> {
  const [taken] = await db
    .delete(heldStatusChanges)
    .where(
      and(
        eq(heldStatusChanges.id, hold.id),
        eq(heldStatusChanges.patientId, hold.patientId),
        eq(heldStatusChanges.actorId, hold.actorId),
      ),
    )
    .returning();
  return taken;
}

/**
 * Claims the holds whose window has closed, oldest first, deleting them in the caller's
 * transaction. SKIP LOCKED lets several instances release at once without sending a change
 * twice, and an undo that holds a row is skipped rather than waited for. Each comes with its
 * author's role and organisation, which decide who is told.
 */
export async function claimDueStatusChanges(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: heldStatusChanges.id })
    .from(heldStatusChanges)
    .where(lte(heldStatusChanges.releaseAt, now))
    .orderBy(asc(heldStatusChanges.releaseAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .delete(heldStatusChanges)
    .where(inArray(heldStatusChanges.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const authors = await db
    .select({ id: users.id, role: users.role, organizationId: users.organizationId })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((hold) => hold.actorId),
      ),
    );
  return claimed.map((hold) => {
    const author = authors.find((candidate) => candidate.id === hold.actorId);
    return {
      ...hold,
      actorRole: author?.role ?? null,
      actorOrganizationId: author?.organizationId ?? null,
    };
  });
}
