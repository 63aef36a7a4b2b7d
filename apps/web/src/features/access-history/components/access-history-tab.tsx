import {
  ACCESS_HISTORY_LIMIT,
  ACCESS_HISTORY_MESSAGES,
  type TAccessHistoryDay,
} from '@casebridge/domain/audit/access-history';
import { formatDate } from '@casebridge/domain/format/date';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { TableEmptyRow, TableHead, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { describeTimeZone, formatTimeWithZone, getBrowserTimeZone } from '#src/lib/time-zone.ts';
import { useAccessHistory } from '#src/features/access-history/api/access-history-api.ts';

const COLUMNS = ['Day', 'User', 'Role', 'Views', 'Changes', 'Refused', 'First', 'Last'];

function AccessHistoryRow({ item, timeZone }: { item: TAccessHistoryDay; timeZone: string }) {
  return (
    <tr>
      <td className="whitespace-nowrap px-4 py-2 text-ink">{formatDate(item.day)}</td>
      <td className="px-4 py-2 text-ink">{item.userName ?? 'Unknown user'}</td>
      <td className="px-4 py-2 text-ink">{item.userRole ?? '—'}</td>
      <td className="px-4 py-2 text-ink">{item.views}</td>
      <td className="px-4 py-2 text-ink">{item.changes}</td>
      <td className="px-4 py-2 text-ink">{item.refused}</td>
      <td className="whitespace-nowrap px-4 py-2 text-ink">
        <time dateTime={item.firstAt}>{formatTimeWithZone(item.firstAt, timeZone)}</time>
      </td>
      <td className="whitespace-nowrap px-4 py-2 text-ink">
        <time dateTime={item.lastAt}>{formatTimeWithZone(item.lastAt, timeZone)}</time>
      </td>
    </tr>
  );
}

/**
 * A patient's 'Access history': who viewed or changed the record, per person and day, with the
 * zone the days and times are in stated. Shown to admins and the patient's clinics only (the
 * page asks `canViewAccessHistory`; the server asks again and answers others as missing).
 */
export function AccessHistoryTab({
  patient,
  timeZone = getBrowserTimeZone(),
}: {
  patient: Pick<TPatientDetail, 'id'>;
  timeZone?: string;
}) {
  const user = useCurrentUser();
  const history = useAccessHistory(patient.id, timeZone);
  const items = history.data?.items;

  return (
    <section aria-labelledby="access-history-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="access-history-heading" className="text-lg font-semibold text-ink">
          Access history
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {user.role === 'admin' ? (
            <Link
              to={`/dashboard/admin?tab=audit&patient=${encodeURIComponent(patient.id)}`}
              className="text-sm text-brand underline-offset-2 hover:underline"
            >
              Open in the audit log
            </Link>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            Refresh
          </Button>
        </div>
      </div>
      <p className="mb-3 text-sm text-ink-muted">
        Who viewed or changed this patient, per person and day. Days and times are in{' '}
        {describeTimeZone(timeZone)}.
      </p>
      {history.error ? (
        <p role="alert" className="text-sm text-danger">
          {ACCESS_HISTORY_MESSAGES.loadFailed}
        </p>
      ) : (
        <TableScroll label="Access history" className="bg-surface">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">
              Access history per person and day, newest first, times in {timeZone}
            </caption>
            <TableHead columns={COLUMNS} />
            <tbody className="divide-y divide-border">
              {!items ? (
                <TableSkeletonRows columns={COLUMNS.length} rows={4} />
              ) : (
                items.map((item) => (
                  <AccessHistoryRow
                    key={`${item.day}-${item.userId ?? ''}-${item.userName ?? ''}`}
                    item={item}
                    timeZone={timeZone}
                  />
                ))
              )}
              {items && items.length === 0 ? (
                <TableEmptyRow columns={COLUMNS.length}>
                  {ACCESS_HISTORY_MESSAGES.empty}
                </TableEmptyRow>
              ) : null}
            </tbody>
          </table>
        </TableScroll>
      )}
      {history.data?.isTruncated ? (
        <p className="mt-2 text-sm text-ink-muted">
          Showing the latest {ACCESS_HISTORY_LIMIT} person-days; the audit log holds the rest.
        </p>
      ) : null}
    </section>
  );
}
