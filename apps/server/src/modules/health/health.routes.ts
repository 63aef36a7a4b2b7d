import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@casebridge/domain/health.schemas';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { health } = app.ctx;

  api.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Check service health',
        description:
          'Each dependency: database, live events, data disk (with headroom), file store, Redis. 503 only when the instance cannot serve (database or disk); a part that is down answers 200 degraded',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      // The probes' errors are for admins (GET /api/admin/system), not for anyone who asks.
      const { status, checks } = await health.check();
      return reply.status(status === 'unavailable' ? 503 : 200).send({ status, checks });
    },
  );

  api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
