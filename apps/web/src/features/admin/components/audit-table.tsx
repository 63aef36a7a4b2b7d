import {
  getAuditActionLabel,
  type TAuditLogEntry,
} from '@casebridge/domain/audit/audit-log.schemas';
import { Link } from 'react-router';
import { formatDateTimeWithZone } from '#src/lib/time-zone.ts';
import { TableEmptyRow, TableHead, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';

const COLUMNS = ['Time', 'User', 'Role', 'Action', 'Patient', 'Details'];

/** Times show their zone ('Mar 14, 2026, 2:02 PM EST'): the browser's unless `timeZone` says. */
export function AuditTable({
  entries,
  timeZone,
}: {
  entries: TAuditLogEntry[] | undefined;
  timeZone?: string;
}) {
  return (
    <TableScroll label="Audit log" className="bg-surface">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Audit log, newest first</caption>
        <TableHead columns={COLUMNS} />
        <tbody className="divide-y divide-border">
          {!entries ? (
            <TableSkeletonRows columns={COLUMNS.length} rows={8} />
          ) : (
            entries.map((entry) => (
              <tr key={entry.id}>
                <td className="whitespace-nowrap px-4 py-2 text-ink">
                  <time dateTime={entry.timestamp}>
                    {formatDateTimeWithZone(entry.timestamp, timeZone)}
                  </time>
                </td>
                <td className="px-4 py-2 text-ink">{entry.userName ?? '—'}</td>
                <td className="px-4 py-2 text-ink">{entry.userRole ?? '—'}</td>
                <td className="whitespace-nowrap px-4 py-2 text-ink">
                  {getAuditActionLabel(entry.action)}
                </td>
                <td className="px-4 py-2 text-ink">
                  {entry.patientId ? (
                    <span className="flex flex-col gap-0.5">
                      <Link
                        to={`/patients/${entry.patientId}`}
                        className="text-brand underline-offset-2 hover:underline"
                      >
                        {entry.patientName ?? entry.patientId}
                      </Link>
                      {entry.patientName ? (
                        <Link
                          to={`/patients/${entry.patientId}?tab=access-history`}
                          className="text-xs text-brand underline-offset-2 hover:underline"
                          aria-label={`Access history of ${entry.patientName}`}
                        >
                          Access history
                        </Link>
                      ) : null}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="break-all px-4 py-2 text-ink-muted">{entry.details ?? ''}</td>
              </tr>
            ))
          )}
          {entries && entries.length === 0 ? (
            <TableEmptyRow columns={COLUMNS.length}>
              No audit entries match these filters
            </TableEmptyRow>
          ) : null}
        </tbody>
      </table>
    </TableScroll>
  );
}
