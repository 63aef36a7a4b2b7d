import { asc, desc, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema/index.ts';
import type { MasterKey } from '#src/storage/document-encryption.ts';
import { AUDIT_GENESIS_HASH, type AuditChainContent } from './audit-hash.ts';

/** The stored timestamp as the hash covers it, independent of the session's time zone. */
const timestampText = sql<string>`to_char(${auditLogs.timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type ChainHead = { ids: number[]; previousHash: string };

/**
 * Inside the caller's transaction: takes the chain lock (migration 0020 `audit_chain_lock`, held
 * until the commit, so the next writer reads these rows' hashes), draws the ids of the `count`
 * new rows (ascending: they follow the chain) and reads the hash of the last row. For rows the
 * caller chains itself (the importer's, with their own timestamps).
 */
export async function lockChainHead(tx: Db, count = 1): Promise<ChainHead> {
  // Its own statement: a statement's snapshot is taken when it starts, so a read in the same
  // statement as the wait would miss the row the previous holder committed meanwhile.
  await tx.execute(sql`select audit_chain_lock()`);
  const result = (await tx.execute(sql`
    select
      array(
        select nextval(pg_get_serial_sequence('audit_logs', 'id'))::text
        from generate_series(1, ${count}::int)
      ) as ids,
      (select hash from audit_logs order by id desc limit 1) as previous_hash
  `)) as unknown as { rows: { ids: string[]; previous_hash: string | null }[] };
  const row = result.rows[0];
  if (!row || row.ids.length !== count) throw new Error('audit chain head not read');
  return {
    ids: row.ids.map(Number).toSorted((a, b) => a - b),
    previousHash: row.previous_hash ?? AUDIT_GENESIS_HASH,
  };
}

/** A new row's content; the chain gives its id, timestamp (now()) and hashes. */
export type UnchainedAuditRow = Omit<AuditChainContent, 'id' | 'timestamp'>;

/**
 * Appends the rows after the chain's last one, in order, in one statement (migration 0023
 * `audit_append`): inside the caller's transaction when `db` is one, else in a transaction of
 * its own. The rows' HMACs are computed there, under `key`, by the function `audit-hash.ts`
 * `hmacAuditRow` matches.
 */
export async function appendAuditRows(
  db: Db,
  rows: readonly UnchainedAuditRow[],
  key: MasterKey,
): Promise<void> {
  await executeWithoutKeyInErrors(db, appendAuditRowsSql(rows, key));
}

/**
 * The statement `appendAuditRows` runs, for a caller that runs it as part of another (through
 * `executeWithoutKeyInErrors`). The key is a parameter of the statement, never stored.
 */
export function appendAuditRowsSql(rows: readonly UnchainedAuditRow[], key: MasterKey): SQL {
  const json = rows.map((row) => ({
    user_id: row.userId,
    user_name: row.userName,
    user_role: row.userRole,
    action: row.action,
    patient_id: row.patientId,
    details: row.details,
    ip: row.ip,
  }));
  return sql`select audit_append(${JSON.stringify(json)}::jsonb, ${key.id}, decode(${key.key.toString('hex')}, 'hex'))`;
}

/** A failed statement, told by the database's message and SQLSTATE alone. */
export class AuditAppendError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'AuditAppendError';
    this.code = code;
  }
}

/** Who hears how long each append took, by the Drizzle dialect of its database (audit-key.ts). */
const appendTimings = new WeakMap<object, (seconds: number) => void>();
const dialectOf = (db: Db): object => (db as unknown as { dialect: object }).dialect;

/** Reports every audit append on `db` and its transactions (the server's metrics). */
export function bindAuditAppendTiming(db: Db, observe: (seconds: number) => void): void {
  appendTimings.set(dialectOf(db), observe);
}

/**
 * Runs a statement that carries the audit key. Drizzle's error names the statement's parameters
 * and PGlite's keeps them on the error, so either would put the key into the log of a failed
 * append: the error is replaced by one with the database's message and code only.
 */
export async function executeWithoutKeyInErrors(db: Db, statement: SQL): Promise<void> {
  const startedAt = performance.now();
  try {
    await db.execute(statement);
    appendTimings.get(dialectOf(db))?.((performance.now() - startedAt) / 1000);
  } catch (error) {
    let cause: unknown = error;
    while (cause instanceof Error && cause.message.startsWith('Failed query:') && cause.cause)
      cause = cause.cause;
    const message = cause instanceof Error ? cause.message : 'audit append failed';
    const code = (cause as { code?: unknown } | null)?.code;
    throw new AuditAppendError(message, typeof code === 'string' ? code : undefined);
  }
}

/** The chain's last row: what a checkpoint records (backups, the `audit.checkpoint` job). */
export async function getChainHead(db: Db): Promise<{ id: number; hash: string } | null> {
  const [row] = await db
    .select({ id: auditLogs.id, hash: auditLogs.hash })
    .from(auditLogs)
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row?.hash ? { id: row.id, hash: row.hash } : null;
}

export type StoredChainRow = AuditChainContent & {
  previousHash: string | null;
  hash: string | null;
  hashVersion: number;
  hashKeyId: string | null;
};

/** Rows after `afterId` in id order, with the timestamp as the hash covers it. */
export async function listChainRows(
  db: Db,
  afterId: number,
  limit: number,
): Promise<StoredChainRow[]> {
  return db
    .select({
      id: auditLogs.id,
      timestamp: timestampText,
      userId: auditLogs.userId,
      userName: auditLogs.userName,
      userRole: auditLogs.userRole,
      action: auditLogs.action,
      patientId: auditLogs.patientId,
      details: auditLogs.details,
      ip: auditLogs.ip,
      previousHash: auditLogs.previousHash,
      hash: auditLogs.hash,
      hashVersion: auditLogs.hashVersion,
      hashKeyId: auditLogs.hashKeyId,
    })
    .from(auditLogs)
    .where(gt(auditLogs.id, afterId))
    .orderBy(asc(auditLogs.id))
    .limit(limit);
}
