import { PUBLIC_RATE_LIMITS } from '#src/lib/rate-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLoginRequest, ZSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { resolveActor } from '#src/auth/session.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { toWebHeaders } from '#src/lib/web-headers.ts';
import { recordSignOut } from '#src/modules/sessions/sessions.service.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { getSignInResponse, readSession, signIn, signOut } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth } = app.ctx;

  api.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.login },
      schema: {
        tags: ['auth'],
        operationId: 'signIn',
        summary: 'Sign in',
        description: 'Sign in with e-mail and password',
        body: ZLoginRequest,
        response: { 200: ZSessionResponse, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      const result = await signIn(db, auth, request.body, {
        ...requestContext(request),
        headers: toWebHeaders(request),
      });
      reply.header('set-cookie', result.setCookies);
      return getSignInResponse(db, result.userId, result.secondFactor);
    },
  );

  api.get(
    '/auth/session',
    {
      // Public so that a visitor who never signed in learns it without an error: the SPA asks on
      // every page, public ones included. A cookie that no longer opens a session still answers
      // 401 (SESSION_EXPIRED after the idle timeout), which is how the SPA tells the user why.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'getSession',
        summary: 'Get the current session',
        description: 'The signed-in user and the idle timeout; null without a session cookie',
        response: { 200: ZSessionResponse.nullable(), 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => readSession(app.ctx, toWebHeaders(request)),
  );

  api.post(
    '/auth/logout',
    {
      // Public so that a client whose session already ended can still clear its cookie.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'Sign out',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const headers = toWebHeaders(request);
      const settings = await getSettings(db);
      const actor = await resolveActor(db, auth, headers, settings.sessionTimeoutMinutes, {
        secondFactorStep: 'any',
      }).catch(() => null);
      const cookies = await signOut(auth, headers).catch(() => [] as string[]);
      if (actor) await recordSignOut(db, actor, requestContext(request));
      reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );
}
