import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { patientClinics, patientLienholders, patients, users } from '#src/db/schema/index.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';

export type AudienceMember = {
  id: string;
  email: string;
  name: string;
  role: string;
  organizationId: string | null;
};

/**
 * Every active user who may see the patient: the users of its clinics, firm and lienholders,
 * and the admins (docs/architecture.md D5). Computed in one query from the same associations that
 * decide visibility, so nobody outside the patient's scope is ever included.
 */
export async function listPatientAudience(
  db: Db,
  patientId: InScopePatientId,
): Promise<AudienceMember[]> {
  const clinicIds = db
    .select({ id: patientClinics.clinicId })
    .from(patientClinics)
    .where(eq(patientClinics.patientId, patientId));
  const lienholderIds = db
    .select({ id: patientLienholders.lienholderId })
    .from(patientLienholders)
    .where(eq(patientLienholders.patientId, patientId));
  const firmId = db
    .select({ id: patients.firmId })
    .from(patients)
    .where(eq(patients.id, patientId));
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        eq(users.approved, true),
        // People only: an API token's service account is never notified (issue 14).
        eq(users.kind, 'person'),
        or(
          eq(users.role, 'admin'),
          and(eq(users.role, 'clinic'), inArray(users.organizationId, clinicIds)),
          and(eq(users.role, 'attorney'), inArray(users.organizationId, firmId)),
          and(eq(users.role, 'lienholder'), inArray(users.organizationId, lienholderIds)),
          and(
            eq(users.role, 'contact'),
            sql`${users.id} = (select ${patients.associatedContactId} from ${patients} where ${patients.id} = ${patientId})`,
          ),
        ),
      ),
    );
}

/** Every active admin: who is told about an access request. */
export async function listActiveAdmins(db: Db): Promise<Array<{ id: string }>> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), eq(users.kind, 'person')));
}
