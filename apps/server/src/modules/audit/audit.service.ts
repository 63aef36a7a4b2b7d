import type { AuditAction } from '@casebridge/domain/audit';
import type { Db } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';

export type AuditEntry = {
  action: AuditAction;
  actor?: Pick<Actor, 'userId' | 'name' | 'role'> | null;
  patientId?: string | null;
  /** Plain description; never passwords, tokens or file contents. */
  details?: string | null;
  ip?: string | null;
};

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    action: entry.action,
    userId: entry.actor?.userId ?? null,
    userName: entry.actor?.name ?? null,
    userRole: entry.actor?.role ?? null,
    patientId: entry.patientId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}
