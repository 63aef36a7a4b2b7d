import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CaseStage } from '@casebridge/domain/case-facts/case-facts-constants';
import type { TCaseUpdateAsk } from '@casebridge/domain/case-updates/case-updates.schemas';
import type { Db } from '#src/db/client.ts';
import {
  caseStageHistory,
  caseUpdateAsks,
  caseUpdateReminders,
  caseUpdates,
  organizations,
  patientClinics,
  patientLienholders,
  patientListing,
  patients,
  users,
} from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import { caseStageOf, isUpdateOverdueOfRow, lastCaseUpdateAtOf } from './case-update-clock.ts';

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type CaseUpdateRow = typeof caseUpdates.$inferSelect;

/** The patient's notes, newest first. */
export async function listCaseUpdateNotes(
  db: Db,
  patientId: InScopePatientId,
): Promise<CaseUpdateRow[]> {
  return db
    .select()
    .from(caseUpdates)
    .where(eq(caseUpdates.patientId, patientId))
    .orderBy(desc(caseUpdates.createdAt), desc(caseUpdates.id));
}

/** The patient's stage moves, the other kind of update, newest first. */
export async function listStageMoves(db: Db, patientId: InScopePatientId) {
  return db
    .select()
    .from(caseStageHistory)
    .where(eq(caseStageHistory.patientId, patientId))
    .orderBy(desc(caseStageHistory.changedAt), desc(caseStageHistory.id));
}

export async function insertCaseUpdate(
  db: Db,
  values: { patientId: InScopePatientId; firmId: string | null; note: string; actor: Actor },
): Promise<CaseUpdateRow> {
  const [row] = await db
    .insert(caseUpdates)
    .values({
      patientId: values.patientId,
      firmId: values.firmId,
      note: values.note,
      authorId: values.actor.userId,
      authorName: values.actor.name,
    })
    .returning();
  if (!row) throw new Error('the case update was not written');
  return row;
}

export type CaseUpdateClock = {
  lastUpdateAt: Date | null;
  clockFrom: Date;
  stage: CaseStage;
  intervalDays: number | null;
  isOverdue: boolean;
};

/** The patient's clock: the last update, where it counts from, the stage and the firm's interval. */
export async function readCaseUpdateClock(
  db: Db,
  patientId: InScopePatientId,
): Promise<CaseUpdateClock> {
  const id = sql`${patientId}::uuid`;
  const [row] = rowsOf<{
    last_update_at: string | Date | null;
    clock_from: string | Date;
    stage: CaseStage;
    interval_days: number | null;
    is_overdue: boolean;
  }>(
    await db.execute(sql`select
      ${lastCaseUpdateAtOf(id)} as last_update_at,
      coalesce(${lastCaseUpdateAtOf(id)}, p.intake_date::timestamptz, p.created_at) as clock_from,
      ${caseStageOf(id)} as stage,
      (select f.case_update_interval_days from ${organizations} f where f.id = p.firm_id) as interval_days,
      ${isUpdateOverdueOfRow('p')} as is_overdue
    from ${patients} p where p.id = ${id}`),
  );
  if (!row) throw new Error('the patient of a case update clock vanished');
  return {
    lastUpdateAt: row.last_update_at === null ? null : new Date(row.last_update_at),
    clockFrom: new Date(row.clock_from),
    stage: row.stage,
    intervalDays: row.interval_days === null ? null : Number(row.interval_days),
    isOverdue: Boolean(row.is_overdue),
  };
}

/** The open asks on the patient, oldest first, with the asking organisation's name. */
export async function listOpenAsks(db: Db, patientId: InScopePatientId): Promise<TCaseUpdateAsk[]> {
  const rows = await db
    .select({
      id: caseUpdateAsks.id,
      organizationId: caseUpdateAsks.organizationId,
      organizationName: organizations.name,
      requestedByName: caseUpdateAsks.requestedByName,
      requestedAt: caseUpdateAsks.requestedAt,
    })
    .from(caseUpdateAsks)
    .innerJoin(organizations, eq(organizations.id, caseUpdateAsks.organizationId))
    .where(and(eq(caseUpdateAsks.patientId, patientId), isNull(caseUpdateAsks.answeredAt)))
    .orderBy(asc(caseUpdateAsks.requestedAt), asc(caseUpdateAsks.id));
  return rows.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString() }));
}

/**
 * The organisation's ask; undefined when it has one open already (the partial unique index is
 * the throttle, so two clicks at once make one ask).
 */
export async function insertAsk(
  db: Db,
  values: { patientId: InScopePatientId; organizationId: string; actor: Actor },
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(caseUpdateAsks)
    .values({
      patientId: values.patientId,
      organizationId: values.organizationId,
      requestedBy: values.actor.userId,
      requestedByName: values.actor.name,
    })
    .onConflictDoNothing({
      target: [caseUpdateAsks.patientId, caseUpdateAsks.organizationId],
      where: isNull(caseUpdateAsks.answeredAt),
    })
    .returning({ id: caseUpdateAsks.id });
  return row;
}

/** Answers every open ask on the patient; returns how many were open. */
export async function answerOpenAsks(db: Db, patientId: InScopePatientId): Promise<number> {
  const answered = await db
    .update(caseUpdateAsks)
    .set({ answeredAt: new Date() })
    .where(and(eq(caseUpdateAsks.patientId, patientId), isNull(caseUpdateAsks.answeredAt)))
    .returning({ id: caseUpdateAsks.id });
  return answered.length;
}

/** Whether the organisation is one of the patient's own clinics (or lienholders). */
export async function isPatientParty(
  db: Db,
  patientId: InScopePatientId,
  party: { kind: 'clinic' | 'lienholder'; organizationId: string },
): Promise<boolean> {
  const rows =
    party.kind === 'clinic'
      ? await db
          .select({ id: patientClinics.clinicId })
          .from(patientClinics)
          .where(
            and(
              eq(patientClinics.patientId, patientId),
              eq(patientClinics.clinicId, party.organizationId),
            ),
          )
      : await db
          .select({ id: patientLienholders.lienholderId })
          .from(patientLienholders)
          .where(
            and(
              eq(patientLienholders.patientId, patientId),
              eq(patientLienholders.lienholderId, party.organizationId),
            ),
          );
  return rows.length > 0;
}

/**
 * How many of a listing party's own patients are owed an update: the party's listing rows
 * (`patient_listing`'s party index), each probed by the clock's indexes.
 */
export async function countOverdueOfParty(db: Db, party: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n
      from ${patientListing} k join ${patients} p on p.id = k.patient_id
      where k.party = ${party} and ${isUpdateOverdueOfRow('p')}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * A firm's overdue patients for its users' reminder: how many, and the first `limit` names,
 * longest without an update first.
 */
export async function listOverdueOfFirm(
  db: Db,
  firmId: string,
  limit: number,
): Promise<{ total: number; first: Array<{ patientId: string; fullName: string }> }> {
  const rows = rowsOf<{ id: string; full_name: string; total: number }>(
    await db.execute(sql`select p.id, p.full_name, count(*) over ()::int as total
      from ${patientListing} k join ${patients} p on p.id = k.patient_id
      where k.party = ${firmId} and ${isUpdateOverdueOfRow('p')}
      order by coalesce(${lastCaseUpdateAtOf(sql`p.id`)}, p.intake_date::timestamptz, p.created_at), p.full_name, p.id
      limit ${limit}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    first: rows.map((row) => ({ patientId: row.id, fullName: row.full_name })),
  };
}

const settingColumns = {
  id: organizations.id,
  name: organizations.name,
  caseUpdateIntervalDays: organizations.caseUpdateIntervalDays,
  version: organizations.version,
  updatedAt: organizations.updatedAt,
  updatedByName: organizations.updatedByName,
};
export type CaseUpdateSettingRow = {
  id: string;
  name: string;
  caseUpdateIntervalDays: number;
  version: number;
  updatedAt: Date;
  updatedByName: string | null;
};

export async function findFirmSetting(
  db: Db,
  firmId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CaseUpdateSettingRow | null> {
  const query = db
    .select(settingColumns)
    .from(organizations)
    .where(and(eq(organizations.id, firmId), eq(organizations.kind, 'firm')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateFirmInterval(
  db: Db,
  actor: Actor,
  firmId: string,
  days: number,
): Promise<CaseUpdateSettingRow> {
  const [row] = await db
    .update(organizations)
    .set({ caseUpdateIntervalDays: days, ...nextVersion(organizations, actor) })
    .where(eq(organizations.id, firmId))
    .returning(settingColumns);
  if (!row) throw new Error('the locked firm vanished during its update');
  return row;
}

/**
 * One batch of the firm users who may be due a reminder, after `afterUserId` in id order:
 * active, approved attorneys (people, not tokens) of firms that owe updates, not reminded in
 * the last `periodMs`. Whether they have overdue patients is asked per user, under a lock.
 */
export async function listReminderCandidates(
  db: Db,
  options: { now: Date; periodMs: number; afterUserId: string | null; limit: number },
): Promise<string[]> {
  const after = new Date(options.now.getTime() - options.periodMs);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(caseUpdateReminders, eq(caseUpdateReminders.userId, users.id))
    .where(
      and(
        eq(users.role, 'attorney'),
        eq(users.active, true),
        eq(users.approved, true),
        eq(users.kind, 'person'),
        eq(organizations.kind, 'firm'),
        gt(organizations.caseUpdateIntervalDays, 0),
        sql`(${caseUpdateReminders.lastSentAt} is null or ${caseUpdateReminders.lastSentAt} <= ${after.toISOString()}::timestamptz)`,
        options.afterUserId ? gt(users.id, options.afterUserId) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** When the user was last reminded, read under the row's lock (none: never). */
export async function findLastReminderAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: caseUpdateReminders.lastSentAt })
    .from(caseUpdateReminders)
    .where(eq(caseUpdateReminders.userId, userId))
    .for('update');
  return row?.at ?? null;
}

export async function setLastReminderAt(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insert(caseUpdateReminders)
    .values({ userId, lastSentAt: at })
    .onConflictDoUpdate({ target: caseUpdateReminders.userId, set: { lastSentAt: at } });
}
