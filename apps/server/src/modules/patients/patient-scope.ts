import { eq, sql, type SQL } from 'drizzle-orm';
import {
  getPatientScope,
  PatientScopeError,
  type PatientScope,
} from '@casebridge/domain/patients/patient.policy';
import { patientClinics, patientLienholders, patients } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';

/** The actor's patient scope; a missing association or unknown role is the spec's error. */
export function getActorPatientScope(actor: Actor): PatientScope {
  try {
    return getPatientScope(actor);
  } catch (error) {
    if (error instanceof PatientScopeError) throw new AppError('FORBIDDEN', error.message);
    throw error;
  }
}

// Named in full: drizzle leaves columns unqualified in single-table selects (see patients.queries.ts).
const outerPatientId = sql`${sql.identifier('patients')}.${sql.identifier('id')}`;

/** The WHERE condition on `patients` that limits a query to what the scope may see. */
export function patientScopeCondition(scope: PatientScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'clinic':
      return sql`exists (select 1 from ${patientClinics} where ${patientClinics.patientId} = ${outerPatientId} and ${patientClinics.clinicId} = ${scope.clinicId})`;
    case 'firm':
      return eq(patients.firmId, scope.firmId);
    case 'lienholder':
      return sql`exists (select 1 from ${patientLienholders} where ${patientLienholders.patientId} = ${outerPatientId} and ${patientLienholders.lienholderId} = ${scope.lienholderId})`;
    case 'contact':
      return eq(patients.associatedContactId, scope.userId);
  }
}
