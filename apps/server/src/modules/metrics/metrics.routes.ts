import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { textResponse } from '#src/lib/openapi.ts';

const errors = { 401: ZErrorBody, 403: ZErrorBody };

/**
 * GET /api/metrics: this instance's Prometheus metrics (metrics/metrics.ts), for administrators
 * and API tokens holding `admin:metrics`. No patient information is in them: route patterns,
 * job names, endpoint ids and counts.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { metrics } = app.ctx;

  api.get(
    '/metrics',
    {
      config: { access: 'admin:metrics' },
      schema: {
        tags: ['system'],
        operationId: 'getMetrics',
        summary: 'Read the Prometheus metrics',
        description:
          "This instance's metrics in the Prometheus text format: requests, live events, job queues, mail, webhooks, the database pool, audit appends and the process",
        response: {
          200: textResponse('Metrics in the Prometheus text exposition format'),
          ...errors,
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', metrics.registry.contentType)
        .send(await metrics.registry.metrics()),
  );
}
