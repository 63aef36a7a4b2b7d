import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZAdminOverview } from '@casebridge/domain/patients/overview.schemas';
import { requireActor } from '#src/lib/require-actor.ts';
import { getAdminOverview } from './overview.service.ts';

export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/overview',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['admin'],
        summary: 'Get the admin overview',
        description: 'Counts for the Admin Dashboard overview',
        response: { 200: ZAdminOverview, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => getAdminOverview(app.ctx.db, requireActor(request)),
  );
}
