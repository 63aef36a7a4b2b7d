import type {
  TAuditChainBreak,
  TAuditChainReport,
  TAuditCheckpoint,
} from '@casebridge/domain/audit/audit-chain.schemas';
import type { Db } from '#src/db/client.ts';
import { listChainRows, type StoredChainRow } from './audit-chain.queries.ts';
import {
  AUDIT_GENESIS_HASH,
  AUDIT_HASH_HMAC,
  AUDIT_HASH_SHA256,
  hashAuditRow,
  hmacAuditRow,
} from './audit-hash.ts';
import type { AuditKeyring } from './audit-key.ts';

const BATCH = 1000;

export type VerifyOptions = {
  /** Every key a row may name: the current one and those rows were signed under before. */
  keys: AuditKeyring;
  /** The last row as recorded outside the table (a backup's manifest, the checkpoint log). */
  checkpoint?: TAuditCheckpoint | undefined;
};

/** Why a row does not verify, or null when it does, given the hash of the row before it. */
function checkRow(
  row: StoredChainRow,
  previousHash: string,
  keys: AuditKeyring,
  isKeyed: boolean,
): TAuditChainBreak | null {
  if (row.previousHash !== previousHash) return 'link';
  if (row.hashVersion === AUDIT_HASH_SHA256) {
    // Once the chain is keyed, an unkeyed row can only be one recomputed without the key.
    if (isKeyed) return 'unkeyed';
    return row.hash === hashAuditRow(previousHash, row) ? null : 'hash';
  }
  if (row.hashVersion !== AUDIT_HASH_HMAC) return 'hash';
  const key = row.hashKeyId ? keys.byId.get(row.hashKeyId) : undefined;
  if (!key) return 'unknown-key';
  return row.hash === hmacAuditRow(key.key, previousHash, row) ? null : 'hash';
}

/**
 * Walks the chain in id order and stops at the first row whose stored link is not the hash of
 * the row before it, whose own hash does not cover its content under its version (SHA-256 for
 * rows before migration 0023, else HMAC-SHA-256 under the key it names), or that is unkeyed
 * after a keyed one: a changed row breaks at itself, a removed or inserted row at the row after
 * it, a chain recomputed without the key at its first recomputed row. Given a checkpoint, the
 * chain must still hold that row with that hash: a tail cut off, or everything rewritten, shows
 * there. Ids are drawn under the chain lock, so no row can appear behind the walk while it runs.
 */
export async function verifyAuditChain(db: Db, options: VerifyOptions): Promise<TAuditChainReport> {
  const { keys, checkpoint } = options;
  let previousHash = AUDIT_GENESIS_HASH;
  let afterId = 0;
  let rows = 0;
  let isKeyed = false;
  let checkpointHash: string | null = null;
  for (;;) {
    const batch = await listChainRows(db, afterId, BATCH);
    for (const row of batch) {
      const reason = checkRow(row, previousHash, keys, isKeyed);
      if (reason) return { intact: false, rows, brokenAtId: row.id, reason };
      if (row.id === checkpoint?.id) checkpointHash = row.hash;
      isKeyed ||= row.hashVersion === AUDIT_HASH_HMAC;
      previousHash = row.hash ?? '';
      afterId = row.id;
      rows += 1;
    }
    if (batch.length < BATCH) break;
  }
  if (!checkpoint) return { intact: true, rows, brokenAtId: null };
  if (checkpointHash === null)
    return { intact: false, rows, brokenAtId: checkpoint.id, reason: 'checkpoint-missing' };
  if (checkpointHash !== checkpoint.hash)
    return { intact: false, rows, brokenAtId: checkpoint.id, reason: 'checkpoint-differs' };
  return { intact: true, rows, brokenAtId: null, checkpointId: checkpoint.id };
}
