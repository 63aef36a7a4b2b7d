import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX_LENGTH,
  API_TOKEN_SECRET_PREFIX,
  API_TOKEN_TEXTS,
  disallowedTokenCapabilities,
  tokenRoleFor,
  type TApiToken,
  type TCreateApiTokenResult,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import type { Capability } from '@casebridge/domain/capabilities';
import { isUuid } from '@casebridge/domain/record-id';
import { ROLE_LABELS } from '@casebridge/domain/roles';
import { hashApiTokenSecret } from '#src/auth/api-token.ts';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import {
  findOrganization,
  getToken,
  insertServiceUser,
  insertToken,
  listTokens as selectTokenPage,
  lockUnrevokedToken,
  markTokenRevoked,
  tokenExists,
} from './api-tokens.queries.ts';

/**
 * Machine API tokens (docs/architecture/integrations.md; ADR 0020). A token acts
 * through its own service account, made with it in one transaction; only the SHA-256 of its
 * secret is kept. Authentication is auth/api-token.ts, the audit of each use token-use-audit.ts.
 */

/** `cbt_` and 32 random bytes in base64url: 256 bits, so a hash without salt is enough. */
export function newTokenSecret(): string {
  return `${API_TOKEN_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export async function createToken(
  db: Db,
  actor: Actor,
  input: {
    name: string;
    organizationId: string | null;
    capabilities: Capability[];
    expiresAt: string;
  },
  context: RequestContext,
): Promise<TCreateApiTokenResult> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const organization = input.organizationId
      ? await findOrganization(tx, input.organizationId)
      : null;
    if (organization === undefined) throw validationFailed(API_TOKEN_TEXTS.organizationNotFound);
    const role = tokenRoleFor(organization?.kind ?? null);
    const [refused] = disallowedTokenCapabilities(role, input.capabilities);
    if (refused)
      throw validationFailed(API_TOKEN_TEXTS.capabilityNotAllowed(refused, ROLE_LABELS[role]));
    const serviceUser = await insertServiceUser(tx, {
      tokenName: input.name,
      role,
      organizationId: organization?.id ?? null,
      actor,
    });
    const secret = newTokenSecret();
    const id = await insertToken(tx, {
      name: input.name,
      organizationId: organization?.id ?? null,
      userId: serviceUser.id,
      role,
      capabilities: input.capabilities,
      secretHash: hashApiTokenSecret(secret),
      secretPrefix: secret.slice(0, API_TOKEN_PREFIX_LENGTH),
      expiresAt: new Date(input.expiresAt),
      actor,
    });
    change
      .audit({
        action: 'api_token_created',
        details: `token "${input.name}" ${id} for ${organization?.name ?? 'Administrators'} (${ROLE_LABELS[role]}), capabilities ${input.capabilities.join(', ')}, expires ${new Date(input.expiresAt).toISOString()}; acts as service account ${serviceUser.id}`,
      })
      .publish({ topic: 'user.changed' });
    const token = await getToken(tx, id);
    if (!token) throw new Error('created token not found');
    return { token, secret };
  });
}

/**
 * Revokes a token now and deactivates its service account: the very next request with it is
 * refused on every instance (authentication reads the row each time). 404 for an unknown or
 * malformed id, 409 for a token already revoked.
 */
export async function revokeToken(
  db: Db,
  actor: Actor,
  tokenId: string,
  context: RequestContext,
): Promise<TApiToken> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    if (!isUuid(tokenId)) throw notFound(API_TOKEN_TEXTS.notFound);
    const token = await lockUnrevokedToken(tx, tokenId);
    if (!token) {
      if (await tokenExists(tx, tokenId))
        throw new AppError('CONFLICT', API_TOKEN_TEXTS.alreadyRevoked);
      throw notFound(API_TOKEN_TEXTS.notFound);
    }
    await markTokenRevoked(tx, token, actor);
    change
      .audit({
        action: 'api_token_revoked',
        details: `token "${token.name}" ${token.id} revoked; service account ${token.userId} deactivated`,
      })
      .publish({ topic: 'user.changed' });
    const revoked = await getToken(tx, token.id);
    if (!revoked) throw new Error('revoked token not found');
    return revoked;
  });
}

/** A page of the tokens, newest first, with their count (capped at API_TOKENS_COUNT_CAP). */
export function listTokens(db: Db, page: { cursor?: string | undefined; pageSize: number }) {
  return selectTokenPage(db, page);
}
