import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema/index.ts';
import { AUDIT_GENESIS_HASH, type AuditChainContent } from './audit-hash.ts';

/**
 * Serialises appends to the chain: held until the inserting transaction commits, so the next
 * writer reads this row's hash, and ids follow the chain. Any constant unique in this app.
 */
const AUDIT_CHAIN_LOCK_KEY = 0x6362_6175_6469_7473n;

/** The stored timestamp as the hash covers it, independent of the session's time zone. */
const timestampText = sql<string>`to_char(${auditLogs.timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type ChainHead = { ids: number[]; timestamp: string; previousHash: string };

/**
 * Inside the caller's transaction: takes the chain lock, draws the ids of the `count` new rows
 * (ascending: they follow the chain), and reads the transaction's now() (the rows' timestamp)
 * and the hash of the last row.
 */
export async function lockChainHead(tx: Db, count = 1): Promise<ChainHead> {
  // Its own statement: a statement's snapshot is taken when it starts, so a read in the same
  // statement as the wait would miss the row the previous holder committed meanwhile.
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY.toString()}::bigint)`);
  const result = (await tx.execute(sql`
    select
      array(
        select nextval(pg_get_serial_sequence('audit_logs', 'id'))::text
        from generate_series(1, ${count}::int)
      ) as ids,
      to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as timestamp,
      (select hash from audit_logs order by id desc limit 1) as previous_hash
  `)) as unknown as { rows: { ids: string[]; timestamp: string; previous_hash: string | null }[] };
  const row = result.rows[0];
  if (!row || row.ids.length !== count) throw new Error('audit chain head not read');
  return {
    ids: row.ids.map(Number).toSorted((a, b) => a - b),
    timestamp: row.timestamp,
    previousHash: row.previous_hash ?? AUDIT_GENESIS_HASH,
  };
}

type ChainedAuditInsert = Omit<typeof auditLogs.$inferInsert, 'timestamp'> & {
  id: number;
  previousHash: string;
  hash: string;
};

export async function insertChainedAuditRows(
  tx: Db,
  rows: readonly ChainedAuditInsert[],
): Promise<void> {
  // now() is the transaction's start: the instant lockChainHead read and the hash covers.
  await tx.insert(auditLogs).values(rows.map((row) => ({ ...row, timestamp: sql`now()` })));
}

export type StoredChainRow = AuditChainContent & {
  previousHash: string | null;
  hash: string | null;
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
    })
    .from(auditLogs)
    .where(gt(auditLogs.id, afterId))
    .orderBy(asc(auditLogs.id))
    .limit(limit);
}
