import {
  JOB_MESSAGES,
  type TJobsOverview,
  type TResumedJobQueue,
  type TRetriedJob,
} from '@casebridge/domain/admin/jobs.schemas';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import {
  deletePause,
  getJob,
  listFailedJobs,
  listQueues,
  requeueFailedJob,
} from './jobs.queries.ts';

/** Each job name's queued, running and failed counts and oldest due job (the metrics'). */
export { listQueues as listJobQueues } from './jobs.queries.ts';

/** The queue as admins see it: each job name's counts, and the newest failures. */
export async function getJobsOverview(db: Db): Promise<TJobsOverview> {
  const [queues, failed] = await Promise.all([listQueues(db), listFailedJobs(db)]);
  return { queues, failed };
}

/** An admin's retry of a failed job: due now, with its attempts counted again from zero. */
export async function retryFailedJob(
  db: Db,
  actor: Actor,
  id: number,
  context: RequestContext,
): Promise<TRetriedJob> {
  return inChange(db, { actor, context }, async (change) => {
    const job = await requeueFailedJob(change.tx, id);
    if (!job) {
      if (!(await getJob(change.tx, id))) throw notFound();
      throw new AppError('CONFLICT', JOB_MESSAGES.notFailed);
    }
    change.audit({ action: 'job_retried', details: `Requeued failed job ${job.name} #${job.id}` });
    return { id: job.id, name: job.name, status: 'queued' };
  });
}

/** An admin's resumption of a paused job (a restored backup's outboxes): audited. */
export async function resumeJobQueue(
  db: Db,
  actor: Actor,
  name: string,
  context: RequestContext,
): Promise<TResumedJobQueue> {
  return inChange(db, { actor, context }, async (change) => {
    const pause = await deletePause(change.tx, name);
    if (!pause) throw new AppError('CONFLICT', JOB_MESSAGES.notPaused);
    change.audit({
      action: 'job_queue_resumed',
      details: `Resumed ${name}, paused since ${pause.pausedAt.toISOString()}: ${pause.reason}`,
    });
    return { name, paused: null };
  });
}
