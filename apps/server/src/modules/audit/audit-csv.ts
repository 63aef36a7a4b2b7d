import type { TAuditLogEntry } from '@casebridge/domain/audit/audit-log.schemas';

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

/**
 * One CSV cell: quoted when needed, and a leading = + - @ (or tab/CR) is prefixed with an
 * apostrophe so a spreadsheet never runs it as a formula (CSV injection).
 */
export function toCsvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
