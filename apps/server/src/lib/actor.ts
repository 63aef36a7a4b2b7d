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
  /**
   * Until when the user holds an emergency access grant (the latest expiry of their active
   * grants; null: none), as resolveActor found it. Lets a read's audit skip asking which grant
   * it used when there can be none; absent, the audit asks.
   */
  grantsActiveUntil?: Date | null;
  /**
   * Set when the request was authenticated by an API token (auth/api-token.ts): the actor is the
   * token's service account, and may use only the capabilities listed here (actorMayUse).
   */
  token?: { id: string; name: string; capabilities: readonly string[] };
};
