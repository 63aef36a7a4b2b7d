import { randomUUID } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { accounts } from '#src/db/schema/index.ts';

/** Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

/** Argon2id with OWASP's recommended minimum cost (19 MiB, 2 iterations). */
const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

const isCredential = (userId: string) =>
  and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'));

/**
 * Sets a user's password: the credential account better-auth signs in with, hashed the way it
 * verifies (auth.ts). Callers check the password policy first (password-policy.ts).
 */
export async function setCredentialPassword(
  db: Db,
  userId: string,
  password: string,
): Promise<void> {
  const hashed = await hashPassword(password);
  await db.delete(accounts).where(isCredential(userId));
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: hashed,
  });
}

/** Whether `password` is the user's current one (false without a password). */
export async function isCurrentPassword(
  db: Db,
  userId: string,
  password: string,
): Promise<boolean> {
  const [account] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(isCredential(userId));
  return account?.password ? verifyPassword(account.password, password) : false;
}
