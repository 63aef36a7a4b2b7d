import { and, asc, count, desc, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { notifications, patients, treatmentGaps, users } from '#src/db/schema/index.ts';
import { GAP_RECIPIENT_ROLES } from '#src/modules/notifications/recipients.ts';

/** The users' gap digests are their 'treatment_gap' notifications: one a day at most. */
const isGapDigest = eq(notifications.type, 'treatment_gap');

/**
 * Users who may be due a gap digest at `now`: active, approved people of a role told of gaps,
 * none of whose gap digests is younger than `periodMs`. Whether they have new gaps is asked per
 * user, under the user's lock.
 */
export async function listGapDigestCandidates(
  db: Db,
  now: Date,
  periodMs: number,
): Promise<string[]> {
  const after = new Date(now.getTime() - periodMs).toISOString();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.role, [...GAP_RECIPIENT_ROLES]),
        eq(users.active, true),
        eq(users.approved, true),
        eq(users.kind, 'person'),
        sql`not exists (select 1 from ${notifications} where ${notifications.recipientUserId} = ${users.id} and ${isGapDigest} and ${notifications.createdAt} > ${after}::timestamptz)`,
      ),
    );
  return rows.map((row) => row.id);
}

/** When the user's last gap digest was written, if ever. */
export async function findLastGapDigestAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(notifications.createdAt) })
    .from(notifications)
    .where(and(eq(notifications.recipientUserId, userId), isGapDigest));
  return row?.at ? new Date(row.at) : null;
}

export type NewGaps = {
  total: number;
  first: Array<{ patientId: string; fullName: string; lastCareOn: string }>;
};

/**
 * The gaps opened after `since` and still open, on the patients of `scope` (the recipient's, from
 * `gapDigestScopeOf`): how many, and the first `limit` of them, longest first. A gap on the same
 * last day of care as one opened before `since` and closed since (a discharge undone, a billing
 * line voided) is that gap again, already told, and is left out.
 */
export async function listNewGaps(
  db: Db,
  scope: SQL,
  since: Date,
  limit: number,
): Promise<NewGaps> {
  const where = and(
    isNull(treatmentGaps.closedAt),
    gt(treatmentGaps.openedAt, since),
    scope,
    sql`not exists (select 1 from ${treatmentGaps} earlier where earlier.patient_id = ${treatmentGaps.patientId} and earlier.closed_at is not null and earlier.last_care_on = ${treatmentGaps.lastCareOn} and earlier.opened_at <= ${since.toISOString()}::timestamptz)`,
  );
  const [counted] = await db
    .select({ total: count() })
    .from(treatmentGaps)
    .innerJoin(patients, eq(patients.id, treatmentGaps.patientId))
    .where(where);
  const total = Number(counted?.total ?? 0);
  if (total === 0) return { total, first: [] };
  const first = await db
    .select({
      patientId: patients.id,
      fullName: patients.fullName,
      lastCareOn: treatmentGaps.lastCareOn,
    })
    .from(treatmentGaps)
    .innerJoin(patients, eq(patients.id, treatmentGaps.patientId))
    .where(where)
    .orderBy(asc(treatmentGaps.lastCareOn), asc(patients.fullName), desc(patients.id))
    .limit(limit);
  return { total, first: first.map((row) => ({ ...row, lastCareOn: String(row.lastCareOn) })) };
}
