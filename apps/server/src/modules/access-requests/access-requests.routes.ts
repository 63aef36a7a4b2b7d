import { PUBLIC_RATE_LIMITS } from '#src/lib/rate-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAccessRequestCreated,
  ZCreateAccessRequest,
} from '@casebridge/domain/access-requests/access-request.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { requestContext } from '#src/lib/request-context.ts';
import { createAccessRequest } from './access-requests.service.ts';

export async function accessRequestRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/access-requests',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.accessRequest },
      schema: {
        tags: ['access requests'],
        operationId: 'createAccessRequest',
        summary: 'Request access',
        description: 'Request access (public sign-up form)',
        body: ZCreateAccessRequest,
        response: { 201: ZAccessRequestCreated, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const created = await createAccessRequest(app.ctx.db, request.body, requestContext(request));
      return reply.status(201).send({ id: created.id, status: 'pending' as const });
    },
  );
}
