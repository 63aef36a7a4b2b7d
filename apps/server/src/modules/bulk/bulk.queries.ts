import { sql } from 'drizzle-orm';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import type { Db } from '#src/db/client.ts';
import {
  organizations,
  patientClinics,
  patientExternalIds,
  patients,
  treatmentGaps,
} from '#src/db/schema/index.ts';
import {
  patientScopeCondition,
  type ActorPatientScope,
} from '#src/modules/patients/patient-scope.ts';

/** A chosen patient inside the actor's scope, with what a bulk action and the export need. */
export type BulkPatient = {
  id: string;
  fullName: string;
  dob: string;
  treatmentStatus: TreatmentStatus;
  intakeDate: string | null;
  lastTreatmentDate: string | null;
  clinics: Array<{ id: string; name: string }>;
  firmName: string | null;
  /** Days since the last care while a treatment gap is open, else null. */
  gapDays: number | null;
  /** The reader's organisation's own reference for the patient. */
  externalId: string | null;
};

type Row = {
  id: string;
  full_name: string;
  dob: string;
  treatment_status: TreatmentStatus;
  intake_date: string | null;
  last_treatment_date: string | null;
  clinics: Array<{ id: string; name: string }> | null;
  firm_name: string | null;
  gap_days: number | null;
  external_id: string | null;
};

/**
 * The patients of these ids that the scope sees, in one statement, by name: the scope is the
 * patient guard's own condition (`patient-scope.ts`), so an id outside it is simply not found,
 * like a missing one. `externalIdOwner` is whose references the rows carry.
 */
export async function findBulkPatients(
  db: Db,
  scope: ActorPatientScope,
  patientIds: readonly string[],
  externalIdOwner: string | null,
): Promise<BulkPatient[]> {
  if (patientIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    patientIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const result = await db.execute(sql`
    select ${patients.id} as id, ${patients.fullName} as full_name, ${patients.dob}::text as dob,
      ${patients.treatmentStatus} as treatment_status,
      ${patients.intakeDate}::text as intake_date,
      ${patients.lastTreatmentDate}::text as last_treatment_date,
      (select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name)
        from ${patientClinics} pc join ${organizations} o on o.id = pc.clinic_id
        where pc.patient_id = ${patients.id}) as clinics,
      (select o.name from ${organizations} o where o.id = ${patients.firmId}) as firm_name,
      (select current_date - g.last_care_on from ${treatmentGaps} g
        where g.patient_id = ${patients.id} and g.closed_at is null) as gap_days,
      (select x.external_id from ${patientExternalIds} x
        where x.patient_id = ${patients.id} and x.organization_id = ${externalIdOwner}::uuid)
        as external_id
    from ${patients}
    where ${patients.id} = any(${ids}) and ${patientScopeCondition(scope)}
    order by lower(${patients.fullName}), ${patients.id}`);
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    dob: row.dob,
    treatmentStatus: row.treatment_status,
    intakeDate: row.intake_date,
    lastTreatmentDate: row.last_treatment_date,
    clinics: row.clinics ?? [],
    firmName: row.firm_name,
    gapDays: row.gap_days === null ? null : Number(row.gap_days),
    externalId: row.external_id,
  }));
}
