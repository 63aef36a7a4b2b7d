import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  API_TOKENS_COUNT_CAP,
  type ApiTokenStatus,
  type TApiToken,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import type { Capability } from '@casebridge/domain/capabilities';
import type { AssignableRole, OrganizationKind } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { apiTokens, organizations, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { countUpTo } from '#src/lib/bounded-count.ts';
import { nextVersion } from '#src/lib/versioning.ts';

/** Revoked first, then expired, by the database's clock (the same one authentication asks). */
const statusSql = sql<ApiTokenStatus>`case when ${apiTokens.revokedAt} is not null then 'revoked' when ${apiTokens.expiresAt} <= now() then 'expired' else 'active' end`;

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  organizationId: apiTokens.organizationId,
  organizationName: organizations.name,
  role: apiTokens.role,
  capabilities: apiTokens.capabilities,
  prefix: apiTokens.secretPrefix,
  createdByName: apiTokens.createdByName,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedIp: apiTokens.lastUsedIp,
  revokedAt: apiTokens.revokedAt,
  revokedByName: apiTokens.revokedByName,
  status: statusSql,
};

type TokenRow = Awaited<ReturnType<typeof selectTokens>>[number];

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toDto(row: TokenRow): TApiToken {
  return {
    ...row,
    role: row.role as AssignableRole,
    capabilities: row.capabilities as Capability[],
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: isoOrNull(row.lastUsedAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

function selectTokens(db: Db) {
  return db
    .select(tokenColumns)
    .from(apiTokens)
    .leftJoin(organizations, eq(organizations.id, apiTokens.organizationId));
}

/**
 * Newest first, the tokens after the `cursor` one in (created_at, id) order, read along
 * api_tokens_created_idx; the count beside it stops at API_TOKENS_COUNT_CAP.
 */
export async function listTokens(db: Db, page: { cursor?: string | undefined; pageSize: number }) {
  const after = page.cursor
    ? sql`(${apiTokens.createdAt}, ${apiTokens.id}) < (select c.created_at, c.id from ${apiTokens} c where c.id = ${page.cursor})`
    : undefined;
  const [rows, counted] = await Promise.all([
    selectTokens(db)
      .where(after)
      .orderBy(sql`${apiTokens.createdAt} desc`, sql`${apiTokens.id} desc`)
      .limit(page.pageSize + 1),
    countUpTo(db, db.select({ id: apiTokens.id }).from(apiTokens), API_TOKENS_COUNT_CAP),
  ]);
  const items = rows.slice(0, page.pageSize).map((row) => toDto(row));
  const last = items.at(-1);
  return { items, ...counted, nextCursor: rows.length > page.pageSize && last ? last.id : null };
}

export async function getToken(db: Db, id: string): Promise<TApiToken | undefined> {
  const [row] = await selectTokens(db).where(eq(apiTokens.id, id));
  return row ? toDto(row) : undefined;
}

/** The organisation a token is made for: its name and kind, or undefined when there is none. */
export async function findOrganization(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; kind: OrganizationKind } | undefined> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}

/**
 * The token's service account: active and approved so its token works, with no credential
 * account (no password), so it can never sign in, and an address in the reserved `.invalid`
 * domain, so nothing can ever be delivered to it.
 */
export async function insertServiceUser(
  db: Db,
  values: {
    tokenName: string;
    role: AssignableRole;
    organizationId: string | null;
    actor: Actor;
  },
): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const [row] = await db
    .insert(users)
    .values({
      id,
      kind: 'service',
      name: `${values.tokenName} (API token)`,
      email: `token-${id}@api-tokens.invalid`,
      role: values.role,
      organizationId: values.organizationId,
      active: true,
      approved: true,
      createdBy: values.actor.userId,
      createdByName: values.actor.name,
    })
    .returning({ id: users.id, name: users.name });
  if (!row) throw new Error('service user insert returned nothing');
  return row;
}

export async function insertToken(
  db: Db,
  values: {
    name: string;
    organizationId: string | null;
    userId: string;
    role: AssignableRole;
    capabilities: readonly Capability[];
    secretHash: string;
    secretPrefix: string;
    expiresAt: Date;
    actor: Actor;
  },
): Promise<string> {
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: values.name,
      organizationId: values.organizationId,
      userId: values.userId,
      role: values.role,
      capabilities: [...values.capabilities],
      secretHash: values.secretHash,
      secretPrefix: values.secretPrefix,
      expiresAt: values.expiresAt,
      createdBy: values.actor.userId,
      createdByName: values.actor.name,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('token insert returned nothing');
  return row.id;
}

/** The token, locked for its revocation, if it is not revoked yet. */
export async function lockUnrevokedToken(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: apiTokens.id, name: apiTokens.name, userId: apiTokens.userId })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .for('update');
  return row;
}

/** Revokes the token and deactivates its service account, so neither can act again. */
export async function markTokenRevoked(
  db: Db,
  token: { id: string; userId: string },
  actor: Actor,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()`, revokedByName: actor.name })
    .where(eq(apiTokens.id, token.id));
  await db
    .update(users)
    .set({ active: false, ...nextVersion(users, actor) })
    .where(and(eq(users.id, token.userId), eq(users.kind, 'service')));
}

/** Whether a token with this id exists at all (a revoke of an already revoked one is a 409). */
export async function tokenExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.id, id));
  return row !== undefined;
}
