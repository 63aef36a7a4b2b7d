import { createHash } from 'node:crypto';

/** The `previous_hash` of the first row of the chain. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** What a row's hash covers: everything it records, the timestamp as stored (microseconds, UTC). */
export type AuditChainContent = {
  id: number;
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as `to_char` gives it in SQL (see AUDIT_TIMESTAMP_TEXT). */
  timestamp: string;
  userId: string | null;
  userName: string | null;
  userRole: string | null;
  action: string;
  patientId: string | null;
  details: string | null;
  ip: string | null;
};

/**
 * SHA-256 (hex) over the previous hash, a newline and the row as a JSON array. JSON.stringify
 * escapes exactly as PostgreSQL's to_json does, so the migration that chained the older rows
 * (0010_audit_append_only.sql, `audit_log_hash`) computes the same value in SQL.
 */
export function hashAuditRow(previousHash: string, row: AuditChainContent): string {
  const content = JSON.stringify([
    row.id,
    row.timestamp,
    row.userId,
    row.userName,
    row.userRole,
    row.action,
    row.patientId,
    row.details,
    row.ip,
  ]);
  return createHash('sha256').update(`${previousHash}\n${content}`, 'utf8').digest('hex');
}
