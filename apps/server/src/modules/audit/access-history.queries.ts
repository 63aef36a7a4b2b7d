import { and, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import {
  ACCESS_CHANGE_ACTIONS,
  ACCESS_REFUSED_ACTION,
  ACCESS_VIEW_ACTIONS,
  type TAccessHistoryDay,
} from '@casebridge/domain/audit/access-history';
import type { Db } from '#src/db/client.ts';
import { auditLogs, patientClinics } from '#src/db/schema/index.ts';

const countOf = (actions: readonly string[]) =>
  sql<number>`(count(*) filter (where ${inArray(auditLogs.action, [...actions])}))::int`;

/**
 * The patient's audit rows that view, change or were refused on it, counted per user and per day
 * in the given zone (validated by the caller), newest day first. Uses the (patient_id, timestamp)
 * index; list pages name many patients in their details and are not counted here.
 */
export async function listAccessHistory(
  db: Db,
  patientId: string,
  timeZone: string,
  limit: number,
): Promise<TAccessHistoryDay[]> {
  const day = sql<string>`to_char((${auditLogs.timestamp} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const lastAt = max(auditLogs.timestamp);
  const rows = await db
    .select({
      userId: auditLogs.userId,
      userName: auditLogs.userName,
      userRole: auditLogs.userRole,
      day,
      views: countOf(ACCESS_VIEW_ACTIONS),
      changes: countOf(ACCESS_CHANGE_ACTIONS),
      refused: countOf([ACCESS_REFUSED_ACTION]),
      firstAt: min(auditLogs.timestamp),
      lastAt,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.patientId, patientId),
        inArray(auditLogs.action, [
          ...ACCESS_VIEW_ACTIONS,
          ...ACCESS_CHANGE_ACTIONS,
          ACCESS_REFUSED_ACTION,
        ]),
      ),
    )
    // By position: the zone is a bound parameter, and PostgreSQL only matches a GROUP BY
    // expression to the selected one when they are the same text, parameters included.
    .groupBy(sql`1, 2, 3, 4`)
    .orderBy(sql`4 desc`, desc(lastAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    firstAt: toIso(row.firstAt),
    lastAt: toIso(row.lastAt),
  }));
}

function toIso(value: Date | string | null): string {
  return value === null ? '' : new Date(value).toISOString();
}

/** The clinics a patient is assigned to (who may open its access history). */
export async function listPatientClinicIds(db: Db, patientId: string): Promise<string[]> {
  const rows = await db
    .select({ clinicId: patientClinics.clinicId })
    .from(patientClinics)
    .where(eq(patientClinics.patientId, patientId));
  return rows.map((row) => row.clinicId);
}
