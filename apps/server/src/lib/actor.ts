import type { SecondFactorState } from '@casebridge/domain/mfa/mfa.schemas';
import type { OrganizationKind, Role } from '@casebridge/domain/roles';

/** The signed-in user a request acts for; every scoped query takes one. */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  organizationId: string | null;
  organizationName: string | null;
  organizationKind: OrganizationKind | null;
  sessionId: string;
  createdAt: Date;
  /** The session's second factor, as resolveActor found it (absent for actors made in tests). */
  secondFactor?: SecondFactorState;
};
