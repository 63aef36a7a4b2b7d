import type { TAuditChainReport } from '@casebridge/domain/audit/audit-chain.schemas';
import type { Db } from '#src/db/client.ts';
import { listChainRows } from './audit-chain.queries.ts';
import { AUDIT_GENESIS_HASH, hashAuditRow } from './audit-hash.ts';

const BATCH = 1000;

/**
 * Walks the chain in id order and stops at the first row whose stored link is not the hash of
 * the row before it, or whose own hash does not cover its content: a changed row breaks at
 * itself, a removed or inserted row at the row after it. Ids are drawn under the chain lock, so
 * no row can appear behind the walk while it runs.
 */
export async function verifyAuditChain(db: Db): Promise<TAuditChainReport> {
  let previousHash = AUDIT_GENESIS_HASH;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const batch = await listChainRows(db, afterId, BATCH);
    for (const row of batch) {
      const isLinked = row.previousHash === previousHash;
      if (!isLinked || row.hash !== hashAuditRow(previousHash, row))
        return { intact: false, rows, brokenAtId: row.id };
      previousHash = row.hash;
      afterId = row.id;
      rows += 1;
    }
    if (batch.length < BATCH) return { intact: true, rows, brokenAtId: null };
  }
}
