import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  accessGrants,
  patientClinics,
  patientLienholders,
  patients,
  users,
} from '#src/db/schema/index.ts';

/**
 * The SQL conditions of emergency and temporary access, shared like
 * `patients/patient-scope.ts`: the patient scope, the audit of a grantee's use and the grant
 * routes all ask them, so "active" and "already in scope" mean one thing everywhere.
 */

/**
 * An active grant of `userId` on the patient `patientId` names: not revoked and not yet expired,
 * judged by the database's clock, so a grant ends by itself with no job.
 */
export function activeGrantCondition(
  userId: SQLWrapper | string,
  patientId: SQLWrapper | string,
): SQL {
  return sql`exists (select 1 from ${accessGrants} where ${accessGrants.patientId} = ${patientId} and ${accessGrants.userId} = ${userId} and ${accessGrants.revokedAt} is null and ${accessGrants.expiresAt} > now())`;
}

/**
 * Whether the `users` row of the query sees the patient `patientId` names through its own
 * organisation (spec section 6 and D3), grants aside. Clinic, attorney and lienholder users only:
 * the roles a grant can be given to.
 */
export function userOrganizationSeesPatient(patientId: SQLWrapper | string): SQL {
  return sql`(
    (${users.role} = 'clinic' and exists (select 1 from ${patientClinics} where ${patientClinics.patientId} = ${patientId} and ${patientClinics.clinicId} = ${users.organizationId}))
    or (${users.role} = 'attorney' and ${users.organizationId} = (select p.firm_id from ${patients} p where p.id = ${patientId}))
    or (${users.role} = 'lienholder' and exists (select 1 from ${patientLienholders} where ${patientLienholders.patientId} = ${patientId} and ${patientLienholders.lienholderId} = ${users.organizationId}))
  )`;
}
