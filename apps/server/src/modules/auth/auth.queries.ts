import { eq } from 'drizzle-orm';
import type { TSessionResponse, TSessionUser } from '@casebridge/domain/auth/auth.schemas';
import type { Actor } from '#src/lib/actor.ts';
import type { Db } from '#src/db/client.ts';
import { organizations, users } from '#src/db/schema/index.ts';
import { isRole } from '@casebridge/domain/roles';
import { MESSAGES } from '@casebridge/domain/errors';
import { AppError } from '#src/lib/app-error.ts';
import { canCreatePatients } from '@casebridge/domain/patients/patient.policy';
import type { TSettings } from '@casebridge/domain/settings/settings.schemas';
import type { SecondFactorState } from '@casebridge/domain/mfa/mfa.schemas';

export function toSessionUser(actor: Actor): TSessionUser {
  return {
    id: actor.userId,
    email: actor.email,
    displayName: actor.name,
    role: actor.role,
    organization:
      actor.organizationId && actor.organizationName && actor.organizationKind
        ? { id: actor.organizationId, name: actor.organizationName, kind: actor.organizationKind }
        : null,
    createdAt: actor.createdAt.toISOString(),
  };
}

/** The profile of a user who just signed in, with the spec's messages for broken profiles. */
export async function getSessionUser(db: Db, userId: string): Promise<TSessionUser> {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.profileNotFound);
  if (!isRole(row.user.role)) throw new AppError('FORBIDDEN', MESSAGES.profileMissingRole);
  return {
    id: row.user.id,
    email: row.user.email,
    displayName: row.user.name,
    role: row.user.role,
    organization: row.organization
      ? {
          id: row.organization.id,
          name: row.organization.name,
          kind: row.organization.kind,
        }
      : null,
    createdAt: row.user.createdAt.toISOString(),
  };
}

export function toSessionResponse(
  user: TSessionUser,
  settings: TSettings,
  secondFactor: SecondFactorState,
): TSessionResponse {
  return {
    user,
    idleTimeoutMinutes: settings.sessionTimeoutMinutes,
    canCreatePatients: canCreatePatients(user.role, settings),
    secondFactor,
  };
}
