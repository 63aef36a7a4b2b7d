import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@casebridge/domain/roles';
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
  const audiences = await listPatientAudiences(db, [patientId]);
  return audiences.get(patientId) ?? [];
}

/** The columns of an audience member. */
const member = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  organizationId: users.organizationId,
};

/**
 * A user of `role`, joined to the patient by `link`: active, approved people only (an API
 * token's service account is never notified).
 */
const isMember = (role: Role, link?: SQL) =>
  and(
    eq(users.role, role),
    link,
    eq(users.active, true),
    eq(users.approved, true),
    eq(users.kind, 'person'),
  );

/**
 * `listPatientAudience` of each patient, in one statement: a job that tells many patients'
 * audiences at once (the release of held status changes) reads them together. One join per
 * kind of member, each by its own index, so the cost follows the members found rather than the
 * users times the patients. A patient that does not exist has an empty audience.
 */
export async function listPatientAudiences(
  db: Db,
  patientIds: readonly InScopePatientId[],
): Promise<Map<string, AudienceMember[]>> {
  const audiences = new Map<string, AudienceMember[]>(patientIds.map((id) => [id, []]));
  if (patientIds.length === 0) return audiences;
  const ids = [...patientIds];
  const ofPatient = (role: Role, link?: SQL) =>
    db
      .select({ patientId: patients.id, ...member })
      .from(patients)
      .innerJoin(users, isMember(role, link))
      .where(inArray(patients.id, ids));
  const rows = await ofPatient('admin')
    .unionAll(ofPatient('attorney', eq(users.organizationId, patients.firmId)))
    .unionAll(ofPatient('contact', eq(users.id, patients.associatedContactId)))
    .unionAll(
      db
        .select({ patientId: patientClinics.patientId, ...member })
        .from(patientClinics)
        .innerJoin(users, isMember('clinic', eq(users.organizationId, patientClinics.clinicId)))
        .where(inArray(patientClinics.patientId, ids)),
    )
    .unionAll(
      db
        .select({ patientId: patientLienholders.patientId, ...member })
        .from(patientLienholders)
        .innerJoin(
          users,
          isMember('lienholder', eq(users.organizationId, patientLienholders.lienholderId)),
        )
        .where(inArray(patientLienholders.patientId, ids)),
    );
  for (const { patientId, ...audienceMember } of rows)
    audiences.get(patientId)?.push(audienceMember);
  return audiences;
}

/**
 * The inverse of `listPatientAudiences`, for one user: SQL true for the rows of `patients` whose
 * audience holds `user`, by the same joins (the firm, the contact, the patient's clinics and
 * lienholders, every patient for an admin). A job that tells a user about many patients at once
 * (the gap digest) scopes its query with it. Whether the member is an active, approved person
 * is the caller's to check, as `isMember` does for the audience.
 */
export function isPatientInAudienceOf(
  user: Pick<AudienceMember, 'id' | 'role' | 'organizationId'>,
): SQL {
  const { organizationId } = user;
  switch (user.role) {
    case 'admin':
      return sql`true`;
    case 'contact':
      return eq(patients.associatedContactId, user.id);
    case 'attorney':
      return organizationId ? eq(patients.firmId, organizationId) : sql`false`;
    case 'clinic':
      return organizationId
        ? sql`exists (select 1 from ${patientClinics} where ${patientClinics.patientId} = ${patients.id} and ${patientClinics.clinicId} = ${organizationId})`
        : sql`false`;
    case 'lienholder':
      return organizationId
        ? sql`exists (select 1 from ${patientLienholders} where ${patientLienholders.patientId} = ${patients.id} and ${patientLienholders.lienholderId} = ${organizationId})`
        : sql`false`;
    default:
      return sql`false`;
  }
}

/** Every active admin: who is told about an access request. */
export async function listActiveAdmins(db: Db): Promise<Array<{ id: string }>> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), eq(users.kind, 'person')));
}
