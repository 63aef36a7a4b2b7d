import { and, asc, eq } from 'drizzle-orm';
import type {
  HistoryAction,
  HistoryChanges,
  HistoryRecordType,
  THistoryEntry,
} from '@casebridge/domain/history/record-history.schemas';
import type { AuditAction } from '@casebridge/domain/audit';
import type { Db } from '#src/db/client.ts';
import { recordHistory } from '#src/db/schema/index.ts';
import type { Change } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';

export type HistoryWrite = {
  recordType: HistoryRecordType;
  recordId: string;
  patientId: string;
  /** The version the change produced. */
  version: number;
  action: HistoryAction;
  changes: HistoryChanges;
  reason?: string | null;
  actor: Pick<Actor, 'userId' | 'name' | 'role'>;
};

/**
 * Appends what a correction changed (docs/architecture.md, 'Corrections'), in the transaction
 * that makes it. Like the audit log (audit.service.ts) it is append-only: no code updates or
 * deletes a row. The audit row says that it happened; this row says what it changed.
 */
export async function writeRecordHistory(db: Db, entry: HistoryWrite): Promise<void> {
  await db.insert(recordHistory).values({
    recordType: entry.recordType,
    recordId: entry.recordId,
    patientId: entry.patientId,
    version: entry.version,
    action: entry.action,
    changes: entry.changes,
    reason: entry.reason ?? null,
    actorId: entry.actor.userId,
    actorName: entry.actor.name,
    actorRole: entry.actor.role,
  });
}

/**
 * The one way a correction is recorded, on the change that makes it: what it changed (the
 * history row, with the reason) and that it happened (the audit row, from the request's address
 * unless the entry gives one).
 */
export async function recordCorrection(
  change: Change,
  correction: HistoryWrite & { audit: { action: AuditAction; details: string; ip?: string } },
): Promise<void> {
  const { audit, ...history } = correction;
  await writeRecordHistory(change.tx, history);
  change.audit({
    ...audit,
    actor: history.actor,
    patientId: history.patientId,
  });
}

/**
 * A record's corrections, oldest first. Callers decide who may read them: the row holds the
 * values before and after, so it is as sensitive as the record itself.
 */
export async function listRecordHistory(
  db: Db,
  recordType: HistoryRecordType,
  recordId: string,
): Promise<THistoryEntry[]> {
  const rows = await db
    .select()
    .from(recordHistory)
    .where(and(eq(recordHistory.recordType, recordType), eq(recordHistory.recordId, recordId)))
    .orderBy(asc(recordHistory.id));
  return rows.map((row) => ({
    version: row.version,
    action: row.action,
    changes: row.changes,
    reason: row.reason,
    actorName: row.actorName,
    actorRole: row.actorRole,
    at: row.createdAt.toISOString(),
  }));
}
