import type { AuditAction } from '@casebridge/domain/audit';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { insertChainedAuditRow, lockChainHead } from './audit-chain.queries.ts';
import { hashAuditRow } from './audit-hash.ts';
import { auditNoteOfGrantUse } from './grant-use.ts';

export type AuditEntry = {
  action: AuditAction;
  actor?: Pick<Actor, 'userId' | 'name' | 'role'> | null;
  patientId?: string | null;
  /** Plain description; never passwords, tokens or file contents. */
  details?: string | null;
  ip?: string | null;
};

/**
 * Appends one row to the hash chain (docs/architecture.md, '5. Audit'), inside the caller's
 * transaction when given one. The chain lock is held until that transaction commits, so audit
 * writes queue one behind the other: write the audit row late in a transaction but before
 * notifyUsers and publishEvent (both take the events lock: the audit lock always comes first,
 * so two writers never wait on each other), and take no further row locks after it.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  // A grantee's read or change of a patient says it went through the emergency access grant.
  const grantNote = await auditNoteOfGrantUse(db, entry.actor, entry.patientId);
  const details = grantNote
    ? [entry.details, grantNote].filter(Boolean).join('; ')
    : (entry.details ?? null);
  await db.transaction(async (tx) => {
    const head = await lockChainHead(tx);
    const content = {
      id: head.id,
      timestamp: head.timestamp,
      userId: entry.actor?.userId ?? null,
      userName: entry.actor?.name ?? null,
      userRole: entry.actor?.role ?? null,
      action: entry.action,
      // Stored as a uuid, which PostgreSQL prints in lower case; hash what will be read back.
      patientId: entry.patientId?.toLowerCase() ?? null,
      details,
      ip: entry.ip ?? null,
    };
    await insertChainedAuditRow(tx, {
      ...content,
      previousHash: head.previousHash,
      hash: hashAuditRow(head.previousHash, content),
    });
  });
}
