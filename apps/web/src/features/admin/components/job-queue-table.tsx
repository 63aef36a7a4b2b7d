import type { ReactNode } from 'react';
import type { TJobQueue } from '@casebridge/domain/admin/jobs.schemas';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { formatDateTime } from '#src/lib/format.ts';

const QUEUE_COLUMNS = ['Job', 'Queued', 'Running', 'Failed', 'Oldest due', 'Last success'];
export const JOB_CELL = 'px-3 py-2 text-ink';

function HeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b border-border bg-surface-muted text-ink">
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className="px-3 py-2 font-medium">
            {column || <span className="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function QueueRow({ queue }: { queue: TJobQueue }) {
  return (
    <tr>
      <th scope="row" className={`${JOB_CELL} break-words font-medium`}>
        {queue.name}
      </th>
      <td className={`${JOB_CELL} tabular-nums`}>{queue.queued}</td>
      <td className={`${JOB_CELL} tabular-nums`}>{queue.running}</td>
      <td className={`${JOB_CELL} tabular-nums`}>{queue.failed}</td>
      <td className={`${JOB_CELL} whitespace-nowrap`}>
        {queue.oldestDueAt ? formatDateTime(queue.oldestDueAt) : '—'}
      </td>
      <td className={`${JOB_CELL} whitespace-nowrap`}>
        {queue.lastSucceededAt ? formatDateTime(queue.lastSucceededAt) : '—'}
      </td>
    </tr>
  );
}

/** A table of the Jobs view: skeleton rows while loading, then its rows or the empty text. */
export function JobTable(props: {
  label: string;
  caption: string;
  columns: readonly string[];
  loadingRows: number;
  empty: string;
  rows: ReactNode[] | undefined;
}) {
  const { columns, rows } = props;
  return (
    <TableScroll label={props.label}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <HeadRow columns={columns} />
        <tbody className="divide-y divide-border">
          {rows === undefined ? (
            <TableSkeletonRows
              columns={columns.length}
              rows={props.loadingRows}
              cellClassName="px-3 py-2"
            />
          ) : rows.length === 0 ? (
            <TableEmptyRow columns={columns.length} padding="px-3 py-6">
              {props.empty}
            </TableEmptyRow>
          ) : (
            rows
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Each job name's queued, running and failed counts: Settings → Jobs and the System page. */
export function JobQueueTable({ queues }: { queues: TJobQueue[] | undefined }) {
  return (
    <JobTable
      label="Job queues"
      caption="Job queues by job name"
      columns={QUEUE_COLUMNS}
      loadingRows={3}
      empty="No jobs"
      rows={queues?.map((queue) => (
        <QueueRow key={queue.name} queue={queue} />
      ))}
    />
  );
}
