import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_GAP_THRESHOLD_DAYS } from '@casebridge/domain/gaps/treatment-gap-constants';
import { GAP_INACTIVE_STATUSES } from '@casebridge/domain/gaps/treatment-gap';
import type { Db } from '#src/db/client.ts';
import {
  billingEntries,
  organizations,
  patientClinics,
  patients,
  treatmentGaps,
  visits,
} from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const inactiveStatuses = sql.join(
  GAP_INACTIVE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The patient `p`'s last day of care, as `domain/gaps/treatment-gap.ts` `getLastCareDate` says:
 * the latest of the last treatment date, the live billing lines' dates of service and the
 * attended visits (a no-show is no care), else the intake date, else the day it was created
 * (`greatest` ignores nulls).
 */
const lastCareOn = sql`coalesce(greatest(p.last_treatment_date, (select max(b.date) from ${billingEntries} b where b.patient_id = p.id and b.voided_at is null), (select max(v.visit_date) from ${visits} v where v.patient_id = p.id and v.state = 'attended')), p.intake_date, (p.created_at at time zone 'UTC')::date)`;

/** The patient `p` has a visit booked for `today` or later: still in care, not a gap. */
const hasUpcomingVisit = (today: string) =>
  sql`exists (select 1 from ${visits} v where v.patient_id = p.id and v.state = 'scheduled' and v.visit_date >= ${today}::date)`;

/**
 * Whether the patient of the gap row `g`'s last visit held or missed by `today` was missed: the
 * gap's reason then says so.
 */
const lastVisitWasNoShow = (today: string) =>
  sql`coalesce((select v.state = 'no_show' from ${visits} v where v.patient_id = ${treatmentGaps.patientId} and v.state in ('attended', 'no_show') and v.visit_date <= ${today}::date order by v.visit_date desc, v.visit_time desc limit 1), false)`;

/** The patient `p`'s threshold: its clinics' smallest setting, else the default. */
const thresholdDays = sql`coalesce((select min(o.gap_threshold_days) from ${patientClinics} pc join ${organizations} o on o.id = pc.clinic_id where pc.patient_id = p.id), ${DEFAULT_GAP_THRESHOLD_DAYS})`;

const isActive = sql`p.treatment_status not in (${inactiveStatuses})`;

export type OpenedGap = {
  id: string;
  patientId: string;
  lastCareOn: string;
  thresholdDays: number;
  /** The patient's last visit (held or missed) was a no-show. */
  isAfterNoShow: boolean;
};

/**
 * Opens a gap for every patient in active treatment whose last care is more than its threshold
 * before `today` and who has none open. The insert is the claim: the partial unique index
 * `treatment_gaps_open_patient_idx` lets one open gap per patient exist, so of two instances
 * running this at once each gap is opened, and returned, by exactly one.
 */
export async function openDueGaps(db: Db, today: string, limit: number): Promise<OpenedGap[]> {
  const result = await db.execute(sql`
    insert into ${treatmentGaps} (patient_id, last_care_on, threshold_days)
    select c.patient_id, c.last_care_on, c.threshold_days from (
      select p.id as patient_id, ${lastCareOn} as last_care_on, ${thresholdDays} as threshold_days
      from ${patients} p
      where ${isActive}
        and not ${hasUpcomingVisit(today)}
        and not exists (select 1 from ${treatmentGaps} g where g.patient_id = p.id and g.closed_at is null)
    ) c
    where ${today}::date - c.last_care_on > c.threshold_days
    limit ${limit}
    on conflict (patient_id) where closed_at is null do nothing
    returning id, patient_id as "patientId", last_care_on::text as "lastCareOn", threshold_days as "thresholdDays",
      ${lastVisitWasNoShow(today)} as "isAfterNoShow"`);
  return rowsOf<OpenedGap>(result).map((row) => ({
    ...row,
    thresholdDays: Number(row.thresholdDays),
    isAfterNoShow: row.isAfterNoShow === true,
  }));
}

export type ClosedGap = { id: string; patientId: string };

/**
 * Brings the open gaps of the patients `patientIds` up to date on `today`: each one's last care is
 * read again, and it closes when the patient left active treatment, the last care is now
 * within the threshold or a visit is booked for today or later. Returns the gaps it closed. The row lock of the update makes a gap close
 * once, whoever closes it first.
 */
export async function refreshOpenGaps(
  db: Db,
  today: string,
  patientIds: string | readonly string[],
): Promise<ClosedGap[]> {
  const ids = typeof patientIds === 'string' ? [patientIds] : patientIds;
  if (ids.length === 0) return [];
  const candidates: SQL = sql`p.id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const result = await db.execute(sql`
    update ${treatmentGaps} g
    set last_care_on = c.last_care_on,
      closed_at = case when c.still_open then null else now() end
    from (
      select p.id as patient_id, ${lastCareOn} as last_care_on,
        ${isActive} and ${today}::date - ${lastCareOn} > ${thresholdDays}
          and not ${hasUpcomingVisit(today)} as still_open
      from ${patients} p
      where ${candidates}
    ) c
    where g.patient_id = c.patient_id and g.closed_at is null
      -- An unchanged open gap is left alone: the periodic run rewrites nothing.
      and (not c.still_open or c.last_care_on <> g.last_care_on)
    returning g.id, g.patient_id as "patientId", g.closed_at is not null as "isClosed"`);
  return rowsOf<ClosedGap & { isClosed: boolean }>(result)
    .filter((row) => row.isClosed)
    .map(({ id, patientId: closedPatientId }) => ({ id, patientId: closedPatientId }));
}

/** The next `limit` patients with an open gap after `after`, in id order: one batch of the check. */
export async function listPatientsWithOpenGaps(
  db: Db,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ patientId: treatmentGaps.patientId })
    .from(treatmentGaps)
    .where(
      and(
        isNull(treatmentGaps.closedAt),
        after === null ? undefined : gt(treatmentGaps.patientId, after),
      ),
    )
    .orderBy(asc(treatmentGaps.patientId))
    .limit(limit);
  return rows.map((row) => row.patientId);
}

export type GapSettingRow = {
  id: string;
  name: string;
  gapThresholdDays: number;
  version: number;
  updatedAt: Date;
  updatedByName: string | null;
};

const settingColumns = {
  id: organizations.id,
  name: organizations.name,
  gapThresholdDays: organizations.gapThresholdDays,
  version: organizations.version,
  updatedAt: organizations.updatedAt,
  updatedByName: organizations.updatedByName,
};

/** A clinic's setting; `forUpdate` locks the row for the write that follows. */
export async function findClinicGapSetting(
  db: Db,
  clinicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<GapSettingRow | null> {
  const query = db
    .select(settingColumns)
    .from(organizations)
    .where(and(eq(organizations.id, clinicId), eq(organizations.kind, 'clinic')));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateClinicGapThreshold(
  db: Db,
  actor: Actor,
  clinicId: string,
  days: number,
): Promise<GapSettingRow> {
  const [row] = await db
    .update(organizations)
    .set({ gapThresholdDays: days, ...nextVersion(organizations, actor) })
    .where(eq(organizations.id, clinicId))
    .returning(settingColumns);
  if (!row) throw new Error('the locked clinic vanished during its update');
  return row;
}
