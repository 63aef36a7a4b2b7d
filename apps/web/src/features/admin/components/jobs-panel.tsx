import type { ReactNode } from 'react';
import {
  FAILED_JOBS_SHOWN,
  JOB_MESSAGES,
  type TFailedJob,
  type TJobQueue,
} from '@casebridge/domain/admin/jobs.schemas';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useJobsOverview } from '#src/features/admin/api/jobs-api.ts';
import { ResumeQueueButton } from './resume-queue-button.tsx';
import { RetryJobButton } from './retry-job-button.tsx';

const QUEUE_COLUMNS = ['Job', 'Queued', 'Running', 'Failed', 'Oldest due', 'Last success'];
const FAILED_COLUMNS = ['Job', 'Attempts', 'Last error', 'Failed at', ''];
const CELL = 'px-3 py-2 text-ink';

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
      <th scope="row" className={`${CELL} break-all font-medium`}>
        {queue.name}
      </th>
      <td className={`${CELL} tabular-nums`}>{queue.queued}</td>
      <td className={`${CELL} tabular-nums`}>{queue.running}</td>
      <td className={`${CELL} tabular-nums`}>{queue.failed}</td>
      <td className={`${CELL} whitespace-nowrap`}>
        {queue.oldestDueAt ? formatDateTime(queue.oldestDueAt) : '—'}
      </td>
      <td className={`${CELL} whitespace-nowrap`}>
        {queue.lastSucceededAt ? formatDateTime(queue.lastSucceededAt) : '—'}
      </td>
    </tr>
  );
}

function FailedJobRow({ job }: { job: TFailedJob }) {
  return (
    <tr>
      <td className={`${CELL} break-all`}>
        {job.name} <span className="text-ink-muted">#{job.id}</span>
      </td>
      <td className={`${CELL} tabular-nums`}>{job.attempts}</td>
      <td className={`${CELL} max-w-xs break-words text-xs`}>{job.lastError ?? '—'}</td>
      <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(job.failedAt)}</td>
      <td className="whitespace-nowrap px-3 py-2">
        <RetryJobButton job={job} />
      </td>
    </tr>
  );
}

/** One of the panel's tables: skeleton rows while loading, then its rows or the empty text. */
function JobTable(props: {
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

/** Queues no instance runs until an admin resumes them (a restored backup's mail and webhooks). */
function PausedQueues({ queues }: { queues: TJobQueue[] }) {
  const paused = queues.filter((queue) => queue.paused);
  if (paused.length === 0) return null;
  return (
    <section
      aria-label="Paused job queues"
      className="mb-4 rounded-md border border-amber-500 bg-surface-muted p-3 text-sm text-ink"
    >
      <ul className="space-y-2">
        {paused.map((queue) => (
          <li key={queue.name} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">
                {JOB_MESSAGES.pausedNotice}: {queue.name}
              </span>{' '}
              <span className="text-ink-muted">
                since {formatDateTime(queue.paused!.pausedAt)}. {queue.paused!.reason}
              </span>
            </span>
            <ResumeQueueButton queue={queue} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The background job queue (server jobs/job-runner.ts): what waits, runs and ran out of attempts. */
export function JobsPanel() {
  const jobs = useJobsOverview();

  if (jobs.error && !jobs.data)
    return (
      <p role="alert" className="text-sm text-danger">
        Failed to load the job queue
      </p>
    );

  return (
    <div>
      {jobs.data ? <PausedQueues queues={jobs.data.queues} /> : null}
      <JobTable
        label="Job queues"
        caption="Job queues by job name"
        columns={QUEUE_COLUMNS}
        loadingRows={3}
        empty="No jobs"
        rows={jobs.data?.queues.map((queue) => (
          <QueueRow key={queue.name} queue={queue} />
        ))}
      />
      <h3 className="mb-2 mt-6 font-medium text-ink">Failed jobs</h3>
      <JobTable
        label="Failed jobs"
        caption="Failed jobs, newest first"
        columns={FAILED_COLUMNS}
        loadingRows={2}
        empty="No failed jobs"
        rows={jobs.data?.failed.map((job) => (
          <FailedJobRow key={job.id} job={job} />
        ))}
      />
      {jobs.data && jobs.data.failed.length >= FAILED_JOBS_SHOWN ? (
        <p className="mt-2 text-xs text-ink-muted">
          The {FAILED_JOBS_SHOWN} newest failed jobs; the Failed column above counts them all.
        </p>
      ) : null}
    </div>
  );
}
