import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_MESSAGES,
  ZChangePasswordRequest,
  ZPasswordResetLinkAnswer,
  ZPasswordResetLinkRequest,
  ZResetPasswordRequest,
} from '@casebridge/domain/auth/password.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ACCOUNT_RATE_LIMITS, PUBLIC_RATE_LIMITS } from '#src/lib/rate-limits.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  sendPasswordResetLink,
} from './passwords.service.ts';

const ZUserParams = z.object({ userId: z.string().min(1).max(64) });
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Counted per signed-in user: the actor is resolved in an onRequest hook that runs first. */
const byAccount = (request: FastifyRequest) =>
  request.actor ? `user:${request.actor.userId}` : requestContext(request).ip;

/** Password life: change it, ask for a reset link, use one; an admin sends a link. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.post(
    '/account/password',
    {
      config: {
        access: 'session',
        rateLimit: { ...ACCOUNT_RATE_LIMITS.passwordChange, keyGenerator: byAccount },
      },
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: 'Change my password',
        description: 'Change your password (ends your other sessions; this one stays)',
        body: ZChangePasswordRequest,
        response: { 204: z.null(), ...errors, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      await changePassword(db, requireActor(request), request.body, requestContext(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/auth/password-reset/request',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.passwordResetRequest },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Request a password reset',
        description:
          'E-mail a reset link; the same answer whether or not the address has an account',
        body: ZPasswordResetLinkRequest,
        response: { 202: ZPasswordResetLinkAnswer, 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, request.body, requestContext(request));
      return reply.status(202).send({ message: PASSWORD_MESSAGES.resetRequested });
    },
  );

  // The token travels in the body, never in a URL that could end up in a log.
  api.post(
    '/auth/password-reset',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.passwordReset },
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Reset a password',
        description:
          'Set a new password with a reset link (once, within 30 minutes); signs out everywhere',
        body: ZResetPasswordRequest,
        response: { 204: z.null(), 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      await resetPassword(db, request.body, requestContext(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/users/:userId/password-reset',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        summary: 'Send a user a reset link',
        description:
          'E-mail a user a password reset link (the admin never sees or sets the password)',
        params: ZUserParams,
        response: { 202: ZPasswordResetLinkAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const email = await sendPasswordResetLink(
        db,
        requireActor(request),
        request.params.userId,
        requestContext(request),
      );
      return reply.status(202).send({ message: `A password reset link to ${email} is queued.` });
    },
  );
}
