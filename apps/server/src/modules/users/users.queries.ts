import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { USERS_COUNT_CAP } from '@casebridge/domain/constants';
import type { OrganizationKind, Role } from '@casebridge/domain/roles';
import type { TInvitationDelivery } from '@casebridge/domain/users/invitation-delivery';
import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import type { Db } from '#src/db/client.ts';
import { accounts, organizations, totpFactors, users } from '#src/db/schema/index.ts';
import { setCredentialPassword } from '#src/auth/passwords.ts';
import type { Actor } from '#src/lib/actor.ts';
import { countUpTo } from '#src/lib/bounded-count.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import { descNullsLast } from '#src/lib/index-order.ts';
import { listInvitationDeliveries } from './invitations.queries.ts';

export type NewUser = {
  email: string;
  name: string;
  role: Role;
  organizationId: string | null;
  /** Without a password the user cannot sign in until they accept an invitation. */
  password?: string;
  approved?: boolean;
  createdBy?: { id: string; name: string } | null;
};

/** Inserts a user and, when a password is given, the credential account better-auth checks. */
export async function insertUser(db: Db, input: NewUser) {
  const id = randomUUID();
  const [user] = await db
    .insert(users)
    .values({
      id,
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      role: input.role,
      organizationId: input.organizationId,
      active: true,
      approved: input.approved ?? true,
      authProviderCreated: false,
      createdBy: input.createdBy?.id ?? null,
      createdByName: input.createdBy?.name ?? null,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  if (input.password) await setCredentialPassword(db, id, input.password);
  return user;
}

type UserFilter = { search?: string | undefined; cursor?: string | undefined; pageSize: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const hasPasswordSql = sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.providerId} = 'credential')`;
const hasSecondFactorSql = sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)`;

function toAdminUser(
  row: {
    user: typeof users.$inferSelect;
    organization: typeof organizations.$inferSelect | null;
    hasPassword: boolean;
    hasSecondFactor: boolean;
  },
  invitations: Map<string, TInvitationDelivery>,
): TAdminUser {
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    role: row.user.role,
    organization: row.organization
      ? {
          id: row.organization.id,
          name: row.organization.name,
          kind: row.organization.kind,
        }
      : null,
    active: row.user.active,
    approved: row.user.approved,
    hasPassword: row.hasPassword,
    hasSecondFactor: row.hasSecondFactor,
    createdByName: row.user.createdByName,
    createdAt: row.user.createdAt.toISOString(),
    invitation: invitations.get(row.user.id) ?? null,
    version: row.user.version,
    updatedAt: row.user.updatedAt.toISOString(),
    updatedByName: row.user.updatedByName,
  };
}

/**
 * The users after the `cursor` user in the list's order, created_at descending then e-mail
 * ascending: those created earlier, or at the same instant with a later e-mail. The first term
 * bounds the scan of users_created_at_email_idx from the cursor on.
 */
function afterUser(cursorId: string): SQL {
  const at = sql`(select c.created_at from ${users} c where c.id = ${cursorId})`;
  const email = sql`(select c.email from ${users} c where c.id = ${cursorId})`;
  return sql`(${users.createdAt} <= ${at} and (${users.createdAt} < ${at} or ${users.email} > ${email}))`;
}

/** The users with what the admin's Users tab shows of each: one select for the list and a read. */
function selectAdminUserRows(db: Db) {
  return db
    .select({
      user: users,
      organization: organizations,
      hasPassword: hasPasswordSql,
      hasSecondFactor: hasSecondFactorSql,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId));
}

/** The Users tab lists people: an API token's service account is managed with its token. */
const isPerson = eq(users.kind, 'person');

/** Every user, newest first (spec section 7: users by created_at descending), searched and paged. */
export async function listUsers(db: Db, filter: UserFilter) {
  const where = filter.search
    ? or(
        ilike(users.name, `%${escapeLike(filter.search)}%`),
        ilike(users.email, `%${escapeLike(filter.search)}%`),
        ilike(organizations.name, `%${escapeLike(filter.search)}%`),
      )
    : undefined;
  const [rows, counted] = await Promise.all([
    selectAdminUserRows(db)
      .where(and(isPerson, where, filter.cursor ? afterUser(filter.cursor) : undefined))
      .orderBy(descNullsLast(users.createdAt), asc(users.email))
      .limit(filter.pageSize + 1),
    countUpTo(
      db,
      db
        .select({ id: users.id })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(isPerson, where)),
      USERS_COUNT_CAP,
    ),
  ]);
  const page = rows.slice(0, filter.pageSize);
  const invitations = await listInvitationDeliveries(
    db,
    page.map((row) => row.user.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => toAdminUser(row, invitations)),
    ...counted,
    nextCursor: rows.length > filter.pageSize && last ? last.user.id : null,
  };
}

export async function getAdminUser(db: Db, userId: string): Promise<TAdminUser | null> {
  const [row] = await selectAdminUserRows(db).where(and(isPerson, eq(users.id, userId)));
  return row ? toAdminUser(row, await listInvitationDeliveries(db, [row.user.id])) : null;
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function getOrganizationKind(
  db: Db,
  organizationId: string,
): Promise<OrganizationKind | null> {
  const [row] = await db
    .select({ kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.kind ?? null;
}

/** A user's row, locked until the write's transaction ends (the version check's read). */
export async function lockUser(db: Db, userId: string): Promise<{ version: number } | null> {
  const [row] = await db
    .select({ version: users.version })
    .from(users)
    .where(and(isPerson, eq(users.id, userId)))
    .for('update');
  return row ?? null;
}

/**
 * Sets what an admin changes on a user (the active and approved flags, or name, role and
 * organisation) as the user's next version.
 */
export async function updateUserAsAdmin(
  db: Db,
  userId: string,
  values:
    | { active?: boolean | undefined; approved?: boolean | undefined }
    | { name: string; role: Role; organizationId: string | null },
  actor: Pick<Actor, 'userId' | 'name'>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, ...nextVersion(users, actor) })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row ?? null;
}
