import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_TOKEN_SECRET_PATTERN } from '@casebridge/domain/api-tokens/api-token.schemas';
import { isRole } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { apiTokens, organizations, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';

/** Last use is written at most this often per token, so a busy client does not write on every call. */
const LAST_USE_WRITE_INTERVAL_MS = 30_000;

/** Hex SHA-256 of a whole secret: what api_tokens.secret_hash holds. */
export function hashApiTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * What the request's Authorization header says: `absent` (no header: the session cookie decides),
 * or the token it carries, `undefined` when the header is there but is not a well-formed
 * `Bearer cbt_…` secret. A request that sends the header is judged by it alone, never by cookies.
 */
export function readBearerSecret(
  header: string | undefined,
): { kind: 'absent' } | { kind: 'bearer'; secret: string | undefined } {
  if (header === undefined) return { kind: 'absent' };
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  const secret = match?.[1];
  return {
    kind: 'bearer',
    secret: secret && API_TOKEN_SECRET_PATTERN.test(secret) ? secret : undefined,
  };
}

/**
 * The actor a token secret stands for, or null when it is unknown, revoked, expired or its
 * service account inactive. One query by the indexed hash, joined to the service account and
 * its organisation, on every request: no cache, so a revocation holds at once on every instance.
 * Records the use (time and address) at most every 30 seconds.
 */
export async function resolveTokenActor(db: Db, secret: string, ip: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      tokenRole: apiTokens.role,
      capabilities: apiTokens.capabilities,
      needsLastUse: sql<boolean>`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - make_interval(secs => ${LAST_USE_WRITE_INTERVAL_MS / 1000}))`,
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationKind: organizations.kind,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(apiTokens.secretHash, hashApiTokenSecret(secret)),
        isNull(apiTokens.revokedAt),
        sql`${apiTokens.expiresAt} > now()`,
        eq(users.kind, 'service'),
        eq(users.active, true),
        eq(users.approved, true),
      ),
    );
  if (!row || !isRole(row.role) || row.role !== row.tokenRole) return null;
  if (row.needsLastUse) {
    // Two requests at once may both see an old time: the condition lets one of them write.
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
      .where(
        and(
          eq(apiTokens.id, row.tokenId),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(
              apiTokens.lastUsedAt,
              sql`now() - make_interval(secs => ${LAST_USE_WRITE_INTERVAL_MS / 1000})`,
            ),
          ),
        ),
      );
  }
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    organizationKind: row.organizationKind,
    // A token has no session: this names it wherever a session id is only logged or compared.
    sessionId: `api-token:${row.tokenId}`,
    createdAt: row.createdAt,
    secondFactor: 'complete',
    // A service account is never offered an emergency grant (access-grants.queries.ts).
    grantsActiveUntil: null,
    token: { id: row.tokenId, name: row.tokenName, capabilities: row.capabilities },
  };
}
