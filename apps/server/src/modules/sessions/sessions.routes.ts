import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZAccountSessionList,
  ZEndedSessions,
  ZSessionIdParams,
} from '@casebridge/domain/sessions/session.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  endOtherSessions,
  endOwnSession,
  endUserSessions,
  listOwnSessions,
} from './sessions.service.ts';

const ZUserParams = z.object({ userId: z.string().min(1).max(64) });
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The Security page's sessions, and an admin ending a user's sessions. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/sessions',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sessions'],
        operationId: 'listSessions',
        summary: 'List my sessions',
        description: 'Your sessions: device, address, signed in, last seen; this one marked',
        response: { 200: ZAccountSessionList, ...errors },
      },
    },
    async (request) => ({ items: await listOwnSessions(db, requireActor(request)) }),
  );

  api.delete(
    '/sessions/:sessionId',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sessions'],
        summary: 'End one of my sessions',
        description: 'End one of your sessions (another user’s id is 404, like a missing one)',
        params: ZSessionIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await endOwnSession(
        db,
        requireActor(request),
        request.params.sessionId,
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/sessions/end-others',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sessions'],
        summary: 'End my other sessions',
        description: 'Sign out everywhere else: end every session but this one',
        response: { 200: ZEndedSessions, ...errors },
      },
    },
    async (request) => endOtherSessions(db, requireActor(request), requestContext(request)),
  );

  api.post(
    '/users/:userId/sessions/end',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        summary: "End a user's sessions",
        description: 'End every session of a user (they sign in again; their live streams close)',
        params: ZUserParams,
        response: { 200: ZEndedSessions, ...errors },
      },
    },
    async (request) =>
      endUserSessions(db, requireActor(request), request.params.userId, requestContext(request)),
  );
}
