import {
  FAILED_JOBS_SHOWN,
  JOB_MESSAGES,
  type TFailedJob,
  type TJobQueue,
} from '@casebridge/domain/admin/jobs.schemas';
import { formatDateTime } from '#src/lib/format.ts';
import { useJobsOverview } from '#src/features/admin/api/jobs-api.ts';
import { JOB_CELL, JobQueueTable, JobTable } from './job-queue-table.tsx';
import { ResumeQueueButton } from './resume-queue-button.tsx';
import { RetryJobButton } from './retry-job-button.tsx';

const FAILED_COLUMNS = ['Job', 'Attempts', 'Last error', 'Failed at', ''];

function FailedJobRow({ job }: { job: TFailedJob }) {
  return (
    <tr>
      <td className={`${JOB_CELL} break-all`}>
        {job.name} <span className="text-ink-muted">#{job.id}</span>
      </td>
      <td className={`${JOB_CELL} tabular-nums`}>{job.attempts}</td>
      <td className={`${JOB_CELL} max-w-xs break-words text-xs`}>{job.lastError ?? '—'}</td>
      <td className={`${JOB_CELL} whitespace-nowrap`}>{formatDateTime(job.failedAt)}</td>
      <td className="whitespace-nowrap px-3 py-2">
        <RetryJobButton job={job} />
      </td>
    </tr>
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
      <JobQueueTable queues={jobs.data?.queues} />
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
