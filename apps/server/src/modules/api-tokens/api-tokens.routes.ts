import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiToken,
  ZApiTokenPage,
  ZApiTokenParams,
  ZCreateApiTokenRequest,
  ZCreateApiTokenResult,
  ZListApiTokensQuery,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { createToken, listTokens, revokeToken } from './api-tokens.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Machine API tokens, for administrators (docs/architecture/integrations.md). */
export async function apiTokenRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/admin/api-tokens',
    {
      config: { access: 'admin:api-tokens' },
      schema: {
        tags: ['api tokens'],
        summary: 'API tokens, newest first (never their secrets)',
        querystring: ZListApiTokensQuery,
        response: { 200: ZApiTokenPage, ...errors },
      },
    },
    async (request) =>
      listTokens(db, { cursor: request.query.cursor, pageSize: request.query.limit }),
  );

  api.post(
    '/admin/api-tokens',
    {
      config: { access: 'admin:api-tokens' },
      schema: {
        tags: ['api tokens'],
        summary: 'Create an API token and its service account; the secret is in this answer only',
        description:
          'The capabilities must be ones a token of the role may hold: the organisation kind gives the role (clinic, attorney, lienholder), no organisation gives admin. Audited.',
        body: ZCreateApiTokenRequest,
        response: { 201: ZCreateApiTokenResult, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createToken(
        db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/admin/api-tokens/:tokenId/revoke',
    {
      config: { access: 'admin:api-tokens' },
      schema: {
        tags: ['api tokens'],
        summary: 'Revoke an API token now and deactivate its service account',
        description: 'Takes effect at once on every instance. 409 when already revoked. Audited.',
        params: ZApiTokenParams,
        response: { 200: ZApiToken, ...errors, 404: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request) =>
      revokeToken(db, requireActor(request), request.params.tokenId, requestContext(request)),
  );
}
