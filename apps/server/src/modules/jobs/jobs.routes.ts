import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZJobParams,
  ZJobQueueParams,
  ZJobsOverview,
  ZResumedJobQueue,
  ZRetriedJob,
} from '@casebridge/domain/admin/jobs.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { getJobsOverview, resumeJobQueue, retryFailedJob } from './jobs.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The background job queue for admins (jobs/job-runner.ts): what waits, runs and failed. */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/admin/jobs',
    {
      config: { access: 'admin:tools' },
      schema: {
        tags: ['admin tools'],
        operationId: 'listJobs',
        summary: 'List the job queues',
        description:
          'Per job name: queued, running and failed counts, the oldest due job and the last success; then the newest failed jobs with their attempts and last error',
        response: { 200: ZJobsOverview, ...errors },
      },
    },
    async () => getJobsOverview(db),
  );

  api.post(
    '/admin/jobs/:jobId/retry',
    {
      config: { access: 'admin:tools' },
      schema: {
        tags: ['admin tools'],
        operationId: 'retryJob',
        summary: 'Retry a failed job',
        description: 'Queues a failed job again, due now, its attempts counted from zero (audited)',
        params: ZJobParams,
        response: { 200: ZRetriedJob, 409: ZErrorBody, ...errors },
      },
    },
    async (request) =>
      retryFailedJob(db, requireActor(request), request.params.jobId, requestContext(request)),
  );

  api.post(
    '/admin/jobs/queues/:name/resume',
    {
      config: { access: 'admin:tools' },
      schema: {
        tags: ['admin tools'],
        operationId: 'resumeJobQueue',
        summary: 'Resume a paused job queue',
        description:
          'Lets every instance run the job again (a restored backup starts with its mail and webhook jobs paused); audited',
        params: ZJobQueueParams,
        response: { 200: ZResumedJobQueue, 409: ZErrorBody, ...errors },
      },
    },
    async (request) =>
      resumeJobQueue(db, requireActor(request), request.params.name, requestContext(request)),
  );
}
