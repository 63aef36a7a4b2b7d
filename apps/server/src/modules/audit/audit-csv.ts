import type { TAuditLogEntry } from '@casebridge/domain/audit/audit-log.schemas';
import { toCsvCell } from '#src/lib/csv.ts';

/** The timestamp column says its zone: every value is ISO 8601 in UTC, ending in Z. */
export const AUDIT_CSV_COLUMNS = [
  'timestamp_utc',
  'user_name',
  'user_role',
  'action',
  'patient_id',
  'patient_name',
  'details',
  'ip',
] as const;

export function toAuditCsvRow(entry: TAuditLogEntry): string {
  return [
    entry.timestamp,
    entry.userName,
    entry.userRole,
    entry.action,
    entry.patientId,
    entry.patientName,
    entry.details,
    entry.ip,
  ]
    .map(toCsvCell)
    .join(',');
}

export async function* toAuditCsv(entries: AsyncIterable<TAuditLogEntry>): AsyncGenerator<string> {
  yield `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
  for await (const entry of entries) yield `${toAuditCsvRow(entry)}\r\n`;
}
