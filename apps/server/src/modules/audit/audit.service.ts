import type { SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@casebridge/domain/audit';
import type { TAuditLogEntry, TAuditLogFilter } from '@casebridge/domain/audit/audit-log.schemas';
import type { Role } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { publishEventsSql, type LiveEvent } from '#src/events/outbox.ts';
import {
  appendAuditRows,
  appendAuditRowsSql,
  type UnchainedAuditRow,
} from './audit-chain.queries.ts';
import { getAuditKeyring } from './audit-key.ts';

export { executeWithoutKeyInErrors } from './audit-chain.queries.ts';
import {
  iterateAuditLogs as iterateAuditLogRows,
  listAuditLogs as selectAuditLogPage,
} from './audit.queries.ts';
import { auditNoteOfGrantUse } from './grant-use.ts';

export type AuditEntry = {
  action: AuditAction;
  actor?: Pick<Actor, 'userId' | 'name' | 'role' | 'grantsActiveUntil'> | null;
  patientId?: string | null;
  /** Plain description; never passwords, tokens or file contents. */
  details?: string | null;
  ip?: string | null;
};

/** A row's content but for the id and timestamp, which the chain gives. */
type PendingRow = Omit<UnchainedAuditRow, 'action' | 'userRole'> & {
  action: AuditAction;
  userRole: Role | null;
};

/** The most rows appended in one transaction; more wait for the next. */
const MAX_ROWS_PER_APPEND = 200;

/**
 * Appends one row to the hash chain (docs/architecture/audit.md), inside the caller's
 * transaction when given one. The chain lock is held until that transaction commits. A write's
 * rows go through its Change (change/change.ts), which appends them last, in the lock order.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await appendAuditRows(db, [await toPendingRow(db, entry)], getAuditKeyring(db).current);
}

/**
 * The statement that appends `entries` to the chain and then publishes `events`, taking the
 * audit chain's lock before the events lock: the last statement of a Change's commit
 * (change/change.ts), run through `executeWithoutKeyInErrors`, since it carries the audit key.
 * With no entries it only publishes.
 */
export async function auditAndPublishSql(
  tx: Db,
  entries: readonly AuditEntry[],
  events: readonly LiveEvent[],
  origin: Parameters<typeof publishEventsSql>[2],
): Promise<SQL | null> {
  const rows = await Promise.all(entries.map((entry) => toPendingRow(tx, entry)));
  const append =
    rows.length > 0 ? appendAuditRowsSql(rows, getAuditKeyring(tx).current) : undefined;
  if (events.length > 0) return publishEventsSql(events, append, origin);
  return append ?? null;
}

/**
 * Appends a row that belongs to no transaction of the caller's (a read, a refused attempt),
 * and resolves once it is committed. Such rows from concurrent requests of this instance are
 * appended together, in one transaction under one hold of the chain lock: the lock is held
 * from the head's read to the commit, so one row per transaction would cap every instance
 * together at one commit's worth of rows at a time. Given a transaction, it writes
 * in it as `writeAudit` does.
 */
export async function writeAuditOnItsOwn(db: Db, entry: AuditEntry): Promise<void> {
  if (isTransaction(db)) return writeAudit(db, entry);
  const row = await toPendingRow(db, entry);
  let appender = appenders.get(db);
  if (!appender) {
    appender = createAppender(db);
    appenders.set(db, appender);
  }
  return appender.append(row);
}

function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}

async function toPendingRow(db: Db, entry: AuditEntry): Promise<PendingRow> {
  // A grantee's read or change of a patient says it went through the emergency access grant.
  const grantNote = await auditNoteOfGrantUse(db, entry.actor, entry.patientId);
  return {
    userId: entry.actor?.userId ?? null,
    userName: entry.actor?.name ?? null,
    userRole: entry.actor?.role ?? null,
    action: entry.action,
    // Stored as a uuid, which PostgreSQL prints in lower case; hash what will be read back.
    patientId: entry.patientId?.toLowerCase() ?? null,
    details: grantNote
      ? [entry.details, grantNote].filter(Boolean).join('; ')
      : (entry.details ?? null),
    ip: entry.ip ?? null,
  };
}

type Appender = { append(row: PendingRow): Promise<void> };

/** One per database handle, so per instance; it holds rows only until they are committed. */
const appenders = new WeakMap<Db, Appender>();

/**
 * Rows wait while a batch is being appended and go together in the next one; a row that comes
 * to an idle appender leaves at once. A failed batch is retried row by row, so one bad row
 * fails only its own request.
 */
function createAppender(db: Db): Appender {
  const key = getAuditKeyring(db).current;
  type Waiting = { row: PendingRow; resolve(): void; reject(error: unknown): void };
  const queue: Waiting[] = [];
  let isAppending = false;

  async function appendBatch(batch: Waiting[]) {
    try {
      await appendAuditRows(
        db,
        batch.map((waiting) => waiting.row),
        key,
      );
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) await appendBatch([waiting]);
    }
  }

  async function drain() {
    isAppending = true;
    while (queue.length > 0) await appendBatch(queue.splice(0, MAX_ROWS_PER_APPEND));
    isAppending = false;
  }

  return {
    append(row) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!isAppending) void drain();
      });
    },
  };
}

/** A page of the filtered audit log, newest first, with the count beside it. */
export function listAuditLogs(
  db: Db,
  filter: TAuditLogFilter,
  page: { cursor?: number | undefined; pageSize: number },
) {
  return selectAuditLogPage(db, filter, page);
}

/** Every filtered row in the tab's order, read lazily in keyset batches (for the CSV export). */
export function iterateAuditLogs(db: Db, filter: TAuditLogFilter): AsyncGenerator<TAuditLogEntry> {
  return iterateAuditLogRows(db, filter);
}
