import { and, asc, eq, gt, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_GRANT_ROLES,
  type TAccessGrant,
  type TAccessGrantCandidate,
} from '@casebridge/domain/access-grants/access-grant.schemas';
import type { Db } from '#src/db/client.ts';
import { accessGrants, organizations, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import { activeGrantCondition, userOrganizationSeesPatient } from './access-grant-scope.ts';

const isActive = and(isNull(accessGrants.revokedAt), gt(accessGrants.expiresAt, sql`now()`))!;

const grantColumns = {
  id: accessGrants.id,
  patientId: accessGrants.patientId,
  userId: accessGrants.userId,
  userName: users.name,
  userRole: users.role,
  organizationName: organizations.name,
  reason: accessGrants.reason,
  expiresAt: accessGrants.expiresAt,
  grantedByName: accessGrants.grantedByName,
  createdAt: accessGrants.createdAt,
};

type GrantRow = {
  id: string;
  patientId: string;
  userId: string;
  userName: string;
  userRole: string;
  organizationName: string | null;
  reason: string;
  expiresAt: Date;
  grantedByName: string;
  createdAt: Date;
};

function toGrantDto(row: GrantRow): TAccessGrant {
  return {
    ...row,
    userRole: row.userRole as TAccessGrant['userRole'],
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The patient's active grants, soonest to end first; `onlyUserId` keeps one user's own. */
export async function listActiveGrants(
  db: Db,
  patientId: InScopePatientId,
  onlyUserId: string | null,
): Promise<TAccessGrant[]> {
  const rows = await db
    .select(grantColumns)
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(accessGrants.patientId, patientId),
        isActive,
        onlyUserId === null ? undefined : eq(accessGrants.userId, onlyUserId),
      ),
    )
    .orderBy(asc(accessGrants.expiresAt), asc(accessGrants.id));
  return rows.map(toGrantDto);
}

/** One active grant of the patient, locked for its revocation; undefined when none. */
export async function lockActiveGrant(
  db: Db,
  patientId: InScopePatientId,
  grantId: string,
): Promise<{ id: string; userId: string; userName: string; reason: string } | undefined> {
  const [row] = await db
    .select({
      id: accessGrants.id,
      userId: accessGrants.userId,
      userName: users.name,
      reason: accessGrants.reason,
    })
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.userId))
    .where(and(eq(accessGrants.id, grantId), eq(accessGrants.patientId, patientId), isActive))
    .for('update', { of: accessGrants });
  return row;
}

export async function markGrantRevoked(db: Db, grantId: string, actor: Actor): Promise<void> {
  await db
    .update(accessGrants)
    .set({ revokedAt: sql`now()`, revokedBy: actor.userId, revokedByName: actor.name })
    .where(eq(accessGrants.id, grantId));
}

export async function insertGrant(
  db: Db,
  values: {
    patientId: InScopePatientId;
    userId: string;
    reason: string;
    durationHours: number;
    actor: Actor;
  },
): Promise<TAccessGrant> {
  const [inserted] = await db
    .insert(accessGrants)
    .values({
      patientId: values.patientId,
      userId: values.userId,
      reason: values.reason,
      // The database's clock decides when it ends, as it decides whether it is active.
      expiresAt: sql`now() + make_interval(hours => ${values.durationHours}::int)`,
      grantedBy: values.actor.userId,
      grantedByName: values.actor.name,
    })
    .returning({ id: accessGrants.id });
  const [row] = await db
    .select(grantColumns)
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(accessGrants.id, inserted!.id));
  return toGrantDto(row!);
}

/** A user as a grant needs to judge them: eligible role, and whether they see the patient. */
export type GrantCandidateRow = TAccessGrantCandidate & {
  seesPatient: boolean;
  hasActiveGrant: boolean;
};

function candidateQuery(db: Db, patientId: InScopePatientId, condition: SQL | undefined) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: sql<TAccessGrantCandidate['role']>`${users.role}`,
      organizationName: organizations.name,
      seesPatient: sql<boolean>`${userOrganizationSeesPatient(patientId)}`,
      hasActiveGrant: sql<boolean>`${activeGrantCondition(users.id, patientId)}`,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(users.active, true),
        eq(users.approved, true),
        // A grant is for a person; a token's scope is its organisation's.
        eq(users.kind, 'person'),
        inArray(users.role, [...ACCESS_GRANT_ROLES]),
        condition,
      ),
    );
}

/** The user, if they are an active, approved clinic, attorney or lienholder user. */
export async function findGrantCandidate(
  db: Db,
  patientId: InScopePatientId,
  userId: string,
): Promise<GrantCandidateRow | undefined> {
  const [row] = await candidateQuery(db, patientId, eq(users.id, userId));
  return row;
}

/** Users an admin may grant access to this patient: they do not see it and hold no grant. */
export async function listGrantCandidates(
  db: Db,
  patientId: InScopePatientId,
): Promise<TAccessGrantCandidate[]> {
  const rows = await candidateQuery(
    db,
    patientId,
    and(
      not(userOrganizationSeesPatient(patientId)),
      not(activeGrantCondition(users.id, patientId)),
    ),
  ).orderBy(asc(users.name), asc(users.email));
  return rows.map(({ seesPatient: _sees, hasActiveGrant: _has, ...candidate }) => candidate);
}
