import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditLogEntry, TAuditLogFilter } from '@casebridge/domain/audit/audit-log.schemas';
import { AUDIT_LOG_COUNT_CAP } from '@casebridge/domain/constants';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { auditLogs, patients } from '#src/db/schema/index.ts';
import { countUpTo } from '#src/lib/bounded-count.ts';
import { descNullsLast } from '#src/lib/index-order.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of the Audit Logs tab. User and patient accept an exact id or a part of the name
 * (the patient's name is looked up through the patients table; the log only keeps its id).
 */
function toConditions(filter: TAuditLogFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.user) {
    const pattern = `%${escapeLike(filter.user)}%`;
    conditions.push(or(eq(auditLogs.userId, filter.user), ilike(auditLogs.userName, pattern))!);
  }
  if (filter.patient) {
    conditions.push(
      isUuid(filter.patient)
        ? eq(auditLogs.patientId, filter.patient)
        : ilike(patients.fullName, `%${escapeLike(filter.patient)}%`),
    );
  }
  if (filter.action) conditions.push(eq(auditLogs.action, filter.action));
  if (filter.from) conditions.push(gte(auditLogs.timestamp, new Date(filter.from)));
  if (filter.to) conditions.push(lte(auditLogs.timestamp, new Date(filter.to)));
  return conditions;
}

const entryColumns = {
  id: auditLogs.id,
  timestamp: auditLogs.timestamp,
  userId: auditLogs.userId,
  userName: auditLogs.userName,
  userRole: auditLogs.userRole,
  action: auditLogs.action,
  patientId: auditLogs.patientId,
  patientName: patients.fullName,
  details: auditLogs.details,
  ip: auditLogs.ip,
};

type EntryRow = Omit<TAuditLogEntry, 'timestamp'> & { timestamp: Date };

function toEntry(row: EntryRow): TAuditLogEntry {
  return { ...row, timestamp: row.timestamp.toISOString() };
}

/**
 * One page of the Audit Logs tab, newest first: the entries after the `cursor` entry in
 * (timestamp, id) order, read along the (timestamp, id) indexes however deep the page is.
 * Fetches one entry more than the page to know whether another page follows.
 */
export function selectAuditLogPage(
  db: Db,
  filter: TAuditLogFilter,
  page: { cursor?: number | undefined; pageSize: number },
) {
  const after =
    page.cursor === undefined
      ? []
      : [
          sql`(${auditLogs.timestamp}, ${auditLogs.id}) < (select c.timestamp, c.id from ${auditLogs} c where c.id = ${page.cursor})`,
        ];
  return db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(patients, eq(patients.id, auditLogs.patientId))
    .where(and(...toConditions(filter), ...after))
    .orderBy(descNullsLast(auditLogs.timestamp), descNullsLast(auditLogs.id))
    .limit(page.pageSize + 1);
}

/** The entries matching the filters, for the count above the table (bounded: see countUpTo). */
export function selectMatchingAuditLogs(db: Db, filter: TAuditLogFilter) {
  return db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .leftJoin(patients, eq(patients.id, auditLogs.patientId))
    .where(and(...toConditions(filter)));
}

export async function listAuditLogs(
  db: Db,
  filter: TAuditLogFilter,
  page: { cursor?: number | undefined; pageSize: number },
) {
  const [rows, counted] = await Promise.all([
    selectAuditLogPage(db, filter, page),
    countUpTo(db, selectMatchingAuditLogs(db, filter), AUDIT_LOG_COUNT_CAP),
  ]);
  const items = rows.slice(0, page.pageSize).map(toEntry);
  const last = items.at(-1);
  return { items, ...counted, nextCursor: rows.length > page.pageSize && last ? last.id : null };
}

const EXPORT_BATCH = 1000;

/**
 * Every filtered row in the tab's order, in keyset batches so a large log is never held in
 * memory at once and each batch costs the same. Rows written after the export began are not
 * included.
 */
export async function* iterateAuditLogs(
  db: Db,
  filter: TAuditLogFilter,
): AsyncGenerator<TAuditLogEntry> {
  let cursor: number | undefined;
  for (;;) {
    const rows: EntryRow[] = await selectAuditLogPage(db, filter, {
      cursor,
      pageSize: EXPORT_BATCH,
    });
    const batch = rows.slice(0, EXPORT_BATCH);
    for (const row of batch) yield toEntry(row);
    const last = batch.at(-1);
    if (!last || rows.length <= EXPORT_BATCH) return;
    cursor = last.id;
  }
}
