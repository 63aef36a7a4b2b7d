import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@casebridge/domain/roles';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../auth/passwords.ts';

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
  if (input.password) await setUserPassword(db, id, input.password);
  return user;
}

export async function setUserPassword(db: Db, userId: string, password: string): Promise<void> {
  const hashed = await hashPassword(password);
  await db
    .delete(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: hashed,
  });
}
