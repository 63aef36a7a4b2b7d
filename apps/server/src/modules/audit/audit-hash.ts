import { createHash, createHmac } from 'node:crypto';

/** The `previous_hash` of the first row of the chain. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/**
 * How a row's hash was made (`audit_logs.hash_version`): 1, SHA-256, for the rows written
 * before migration 0023; 2, HMAC-SHA-256 under the audit key the row names (`hash_key_id`).
 */
export const AUDIT_HASH_SHA256 = 1;
export const AUDIT_HASH_HMAC = 2;

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
 * The previous hash, a newline and the row as a JSON array. JSON.stringify escapes exactly as
 * PostgreSQL's to_json does, so SQL (migration 0010 `audit_log_hash`, 0023
 * `audit_log_content`) builds the same text.
 */
function chainText(previousHash: string, row: AuditChainContent): string {
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
  return `${previousHash}\n${content}`;
}

/** SHA-256 (hex) of the chain text: how rows before migration 0023 were hashed. */
export function hashAuditRow(previousHash: string, row: AuditChainContent): string {
  return createHash('sha256').update(chainText(previousHash, row), 'utf8').digest('hex');
}

/**
 * HMAC-SHA-256 (hex) of the chain text under the audit key: without the key, which the database
 * never holds, nobody can recompute a row's hash after changing it, or the chain after it.
 * Migration 0023 `audit_log_hmac` computes the same in SQL.
 */
export function hmacAuditRow(key: Buffer, previousHash: string, row: AuditChainContent): string {
  return createHmac('sha256', key).update(chainText(previousHash, row), 'utf8').digest('hex');
}
