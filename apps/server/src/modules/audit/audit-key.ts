import { resolveAuditKey, type Env } from '#src/env.ts';
import type { Db } from '#src/db/client.ts';
import { toMasterKey, type MasterKey } from '#src/storage/document-encryption.ts';

/** The key new rows are signed under, and every key a stored row may name by its id. */
export type AuditKeyring = { current: MasterKey; byId: ReadonlyMap<string, MasterKey> };

export function createAuditKeyring(
  current: Buffer,
  previous: readonly Buffer[] = [],
): AuditKeyring {
  const all = [current, ...previous].map(toMasterKey);
  return { current: all[0]!, byId: new Map(all.map((master) => [master.id, master])) };
}

/** The keyring the configuration names (a generated DATA_DIR/audit-key outside production). */
export function loadAuditKeyring(
  env: Pick<Env, 'dataDir' | 'auditKey' | 'previousAuditKeys'>,
): AuditKeyring {
  return createAuditKeyring(resolveAuditKey(env), env.previousAuditKeys);
}

/**
 * Keyrings by the Drizzle dialect of a database handle. A transaction is a new handle that
 * shares its database's dialect, so rows appended in any transaction of a database find the key
 * its opener bound, without every caller of `writeAudit` passing it along.
 */
const keyrings = new WeakMap<object, AuditKeyring>();

const dialectOf = (db: Db): object => (db as unknown as { dialect: object }).dialect;

/** Every handle that appends audit rows is bound once, when the database is opened. */
export function bindAuditKeyring(db: Db, keyring: AuditKeyring): void {
  keyrings.set(dialectOf(db), keyring);
}

export function getAuditKeyring(db: Db): AuditKeyring {
  const keyring = keyrings.get(dialectOf(db));
  // Appending unsigned would leave rows that verify as forged: refuse instead.
  if (!keyring) throw new Error('No audit key is bound to this database (bindAuditKeyring)');
  return keyring;
}
