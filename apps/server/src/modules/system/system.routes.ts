import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSystemOverview } from '@casebridge/domain/admin/system.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { getSystemOverview } from './system.service.ts';

const errors = { 401: ZErrorBody, 403: ZErrorBody };

/** The operators' System page: health, version, migrations, instances and job queues. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context = app.ctx;

  api.get(
    '/admin/system',
    {
      // A read-only view of the deployment, with no patient information: the operators'
      // capability that GET /api/metrics already uses, so a monitoring token may read it too,
      // rather than `admin:tools`, which also runs the tools that write (demo data, retries).
      config: { access: 'admin:metrics' },
      schema: {
        tags: ['system'],
        operationId: 'getSystemOverview',
        summary: 'Read the state of the deployment',
        description:
          "The dependencies as GET /api/health checks them, this instance's version, the migrations applied against those this code knows, the instances seen in the last minute and the job queues",
        response: { 200: ZSystemOverview, ...errors },
      },
    },
    async () => getSystemOverview(context),
  );
}
