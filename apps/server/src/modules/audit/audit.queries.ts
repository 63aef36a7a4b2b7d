import { and, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { TAuditLogEntry, TAuditLogFilter } from '@casebridge/domain/audit/audit-log.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { auditLogs, patients } from '#src/db/schema/index.ts';

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

/** Newest first, paged on the server. */
export async function listAuditLogs(
  db: Db,
  filter: TAuditLogFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: TAuditLogEntry[]; total: number }> {
  const where = and(...toConditions(filter));
  const rows = await db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(patients, eq(patients.id, auditLogs.patientId))
    .where(where)
    .orderBy(desc(auditLogs.timestamp), desc(auditLogs.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(auditLogs)
    .leftJoin(patients, eq(patients.id, auditLogs.patientId))
    .where(where);
  return { items: rows.map(toEntry), total: total?.n ?? 0 };
}

const EXPORT_BATCH = 1000;

/**
 * Every filtered row, newest first, in batches keyed on the id so a large log is never held in
 * memory at once. Rows written after the export began are not included.
 */
export async function* iterateAuditLogs(
  db: Db,
  filter: TAuditLogFilter,
): AsyncGenerator<TAuditLogEntry> {
  const conditions = toConditions(filter);
  let beforeId: number | null = null;
  for (;;) {
    const rows: EntryRow[] = await db
      .select(entryColumns)
      .from(auditLogs)
      .leftJoin(patients, eq(patients.id, auditLogs.patientId))
      .where(and(...conditions, ...(beforeId === null ? [] : [lt(auditLogs.id, beforeId)])))
      .orderBy(desc(auditLogs.id))
      .limit(EXPORT_BATCH);
    for (const row of rows) yield toEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    beforeId = last.id;
  }
}
