import { or, sql, type SQL } from 'drizzle-orm';
import {
  getPatientScope,
  PatientScopeError,
  type PatientScope,
} from '@casebridge/domain/patients/patient.policy';
import { PATIENT_LISTING_ALL_PARTY, patientListing } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import { activeGrantCondition } from '#src/modules/access-grants/access-grant-scope.ts';

/**
 * A scope that also holds the patients a user was granted temporary access to (emergency
 * access): `grantUserId` is that user. It travels with the scope through every query
 * that takes a `PatientScope`, so each list, count and read includes those patients while the
 * grant is active.
 */
export type ActorPatientScope = PatientScope & { readonly grantUserId?: string };

/** The scope with the user's active grants: for clinic, attorney and lienholder users. */
export function withAccessGrants(scope: PatientScope, userId: string): ActorPatientScope {
  return scope.kind === 'all' || scope.kind === 'contact'
    ? scope
    : { ...scope, grantUserId: userId };
}

/**
 * The actor's patient scope; a missing association or unknown role is the spec's error. When the
 * session check found that the user holds no grant (`grantsActiveUntil` null), the scope leaves
 * grants out, so its queries carry no grant branch, and a read can never go through a grant its
 * audit row would not name (audit/grant-use.ts asks the same); a new grant drops the cached
 * check (migration 0015), so it opens as soon as this instance hears of it.
 */
export function getActorPatientScope(actor: Actor): ActorPatientScope {
  try {
    const scope = getPatientScope(actor);
    return actor.grantsActiveUntil === null ? scope : withAccessGrants(scope, actor.userId);
  } catch (error) {
    if (error instanceof PatientScopeError) throw new AppError('FORBIDDEN', error.message);
    throw error;
  }
}

// Named in full: drizzle leaves columns unqualified in single-table selects (see patients.queries.ts).
const outerPatientId = sql`${sql.identifier('patients')}.${sql.identifier('id')}`;

/** The WHERE condition on `patients` that limits a query to what the scope may see. */
export function patientScopeCondition(scope: ActorPatientScope): SQL {
  const own = organizationScopeCondition(scope);
  return scope.grantUserId
    ? or(own, activeGrantCondition(scope.grantUserId, outerPatientId))!
    : own;
}

/**
 * The listing party whose rows are the scope's own patients (`patient_listing`, kept by the
 * database's triggers from the assignments: docs/decisions/0014). The scope rule itself, who
 * sees which patient, lives in those triggers; every list, count and read asks the listing.
 */
export function getScopeParty(scope: PatientScope): string {
  switch (scope.kind) {
    case 'all':
      return PATIENT_LISTING_ALL_PARTY;
    case 'clinic':
      return scope.clinicId;
    case 'firm':
      return scope.firmId;
    case 'lienholder':
      return scope.lienholderId;
    case 'contact':
      return `user:${scope.userId}`;
  }
}

/** The scope's own patients, without temporary access grants: one primary-key probe each. */
function organizationScopeCondition(scope: PatientScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  return sql`exists (select 1 from ${patientListing} where ${patientListing.party} = ${getScopeParty(scope)} and ${patientListing.patientId} = ${outerPatientId})`;
}
