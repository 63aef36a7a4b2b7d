import { hash, verify, type Options } from '@node-rs/argon2';

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
