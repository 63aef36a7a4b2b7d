import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZJobParams, ZJobsOverview, ZRetriedJob } from '@casebridge/domain/admin/jobs.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { getJobsOverview, retryFailedJob } from './jobs.service.ts';

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
}
