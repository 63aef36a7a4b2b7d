import { sql, type SQL } from 'drizzle-orm';
import {
  caseFacts,
  caseStageHistory,
  caseUpdates,
  organizations,
  patients,
} from '#src/db/schema/index.ts';

/**
 * The update clock in SQL (docs/architecture/case-updates.md), shared by the Case tab, the
 * patient lists, the dashboards' counts and the daily reminder, so all of them say the same.
 * Not queries of their own: fragments the patient lists may embed. Each is a few index probes of
 * one patient (`case_updates_patient_created_idx`, `case_stage_history_patient_idx`, the primary
 * keys), never a scan.
 */

/** The newest update of the patient: a note or a stage move; null when there is none. */
export const lastCaseUpdateAtOf = (patientId: SQL): SQL =>
  sql`greatest(
    (select max(${caseUpdates.createdAt}) from ${caseUpdates} where ${caseUpdates.patientId} = ${patientId}),
    (select max(${caseStageHistory.changedAt}) from ${caseStageHistory} where ${caseStageHistory.patientId} = ${patientId}))`;

/** The patient's legal stage: its case facts' stage, intake before the firm's first save. */
export const caseStageOf = (patientId: SQL): SQL =>
  sql`coalesce((select ${caseFacts.stage} from ${caseFacts} where ${caseFacts.patientId} = ${patientId}), 'intake')`;

/**
 * Whether the patient of `p` (a row of `patients` under that alias) is owed an update: its firm
 * owes one every N > 0 days, the case is not closed, and the last update (else the intake date,
 * else when the patient was added) is more than N days old.
 */
export const isUpdateOverdueOfRow = (p: string): SQL => {
  const id = sql`${sql.identifier(p)}.id`;
  return sql`(exists (
    select 1 from ${organizations} f
    where f.id = ${sql.identifier(p)}.firm_id and f.case_update_interval_days > 0
      and coalesce(${lastCaseUpdateAtOf(id)}, ${sql.identifier(p)}.intake_date::timestamptz, ${sql.identifier(p)}.created_at)
        < now() - make_interval(days => f.case_update_interval_days))
    and ${caseStageOf(id)} <> 'closed')`;
};

/** `isUpdateOverdueOfRow` of one patient by id. */
export const isUpdateOverdueOf = (patientId: SQL): SQL =>
  sql`exists (select 1 from ${patients} o where o.id = ${patientId} and ${isUpdateOverdueOfRow('o')})`;
