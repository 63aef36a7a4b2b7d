import type { Role } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema/index.ts';
import { lockChainHead } from './audit-chain.queries.ts';
import { AUDIT_HASH_HMAC, hmacAuditRow } from './audit-hash.ts';
import { getAuditKeyring } from './audit-key.ts';

/** An audit row of another system, kept as history with the instant it happened. */
export type HistoricalAuditRow = {
  timestamp: Date;
  action: string;
  userName: string | null;
  userRole: Role | null;
  patientId: string | null;
  details: string | null;
};

const INSERT_SLICE = 500;

/** The instant as the chain hashes it: microseconds, UTC (a Date holds milliseconds). */
const toChainTimestamp = (date: Date) => date.toISOString().replace(/Z$/, '000Z');

/**
 * Appends rows of the old system's audit log to the hash chain with their own timestamps (the
 * importer, `npm run import`), in the caller's transaction and in the order given. They follow
 * the chain's last row like any other append, signed under the audit key, so the chain still
 * verifies; only their
 * timestamps are older than the rows before them. Returns the ids given to the rows.
 */
export async function appendHistoricalAuditRows(
  tx: Db,
  rows: readonly HistoricalAuditRow[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const key = getAuditKeyring(tx).current;
  const head = await lockChainHead(tx, rows.length);
  let previousHash = head.previousHash;
  const chained = rows.map((row, index) => {
    const content = {
      id: head.ids[index]!,
      timestamp: toChainTimestamp(row.timestamp),
      userId: null,
      userName: row.userName,
      userRole: row.userRole,
      action: row.action,
      patientId: row.patientId?.toLowerCase() ?? null,
      details: row.details,
      ip: null,
    };
    const hash = hmacAuditRow(key.key, previousHash, content);
    const linked = {
      ...content,
      timestamp: row.timestamp,
      previousHash,
      hash,
      hashVersion: AUDIT_HASH_HMAC,
      hashKeyId: key.id,
    };
    previousHash = hash;
    return linked;
  });
  // In slices: one INSERT's parameters are limited (65,535), and a long log has many rows.
  for (let start = 0; start < chained.length; start += INSERT_SLICE)
    await tx.insert(auditLogs).values(chained.slice(start, start + INSERT_SLICE));
  return chained.map((row) => row.id);
}
