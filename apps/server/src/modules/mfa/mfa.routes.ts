import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZMfaStatus,
  ZRecoveryCodes,
  ZSecondFactorCodeRequest,
  ZTotpEnrolment,
} from '@casebridge/domain/mfa/mfa.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  confirmEnrolment,
  disableSecondFactor,
  getMfaStatus,
  regenerateRecoveryCodes,
  resetUserSecondFactor,
  startEnrolment,
  verifySecondFactor,
  type MfaContext,
} from './mfa.service.ts';
import { deriveTotpKey } from './totp.ts';

const ZUserParams = z.object({ userId: z.string().min(1).max(64) });
const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  409: ZErrorBody,
  429: ZErrorBody,
};

/**
 * The second factor (TOTP and recovery codes). `secondFactorStep` names the routes a session that
 * has not given its second factor (`verify`) or must first enrol (`enrol`) may call: the access
 * hook refuses every other route to such a session (auth/session.ts, resolveActor).
 */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.ctx;
  const totpKey = deriveTotpKey(env.authSecret);
  const contextOf = (request: FastifyRequest): MfaContext => ({
    db,
    totpKey,
    ...requestContext(request),
  });

  api.get(
    '/mfa',
    {
      config: { access: 'session', secondFactorStep: 'enrol' },
      schema: {
        tags: ['mfa'],
        summary: 'Get my two-step verification',
        description:
          'Your two-step verification: on or off, required by policy, recovery codes left',
        response: { 200: ZMfaStatus, ...errors },
      },
    },
    async (request) => getMfaStatus(db, requireActor(request)),
  );

  api.post(
    '/mfa/verify',
    {
      config: { access: 'session', secondFactorStep: 'verify' },
      schema: {
        tags: ['mfa'],
        operationId: 'verifySecondFactor',
        summary: 'Verify the second factor',
        description:
          'Second step of signing in: a code from the authenticator app or a recovery code (5 failures per 15 minutes, then 429 with Retry-After)',
        body: ZSecondFactorCodeRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await verifySecondFactor(contextOf(request), requireActor(request), request.body.code);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/mfa/totp/start',
    {
      config: { access: 'session', secondFactorStep: 'enrol' },
      schema: {
        tags: ['mfa'],
        summary: 'Start authenticator set-up',
        description:
          'Start setting up an authenticator app: the secret, its otpauth URI and a QR code',
        response: { 200: ZTotpEnrolment, ...errors },
      },
    },
    async (request) => startEnrolment(contextOf(request), requireActor(request)),
  );

  api.post(
    '/mfa/totp/confirm',
    {
      config: { access: 'session', secondFactorStep: 'enrol' },
      schema: {
        tags: ['mfa'],
        summary: 'Confirm authenticator set-up',
        description: 'Confirm the app with its first code; answers the ten recovery codes, once',
        body: ZSecondFactorCodeRequest,
        response: { 200: ZRecoveryCodes, ...errors },
      },
    },
    async (request) =>
      confirmEnrolment(contextOf(request), requireActor(request), request.body.code),
  );

  api.post(
    '/mfa/recovery-codes',
    {
      config: { access: 'session' },
      schema: {
        tags: ['mfa'],
        summary: 'Renew recovery codes',
        description:
          'New recovery codes with a current code from the app (the old ones stop working)',
        body: ZSecondFactorCodeRequest,
        response: { 200: ZRecoveryCodes, ...errors },
      },
    },
    async (request) =>
      regenerateRecoveryCodes(contextOf(request), requireActor(request), request.body.code),
  );

  api.post(
    '/mfa/disable',
    {
      config: { access: 'session' },
      schema: {
        tags: ['mfa'],
        summary: 'Turn two-step verification off',
        description:
          "Turn two-step verification off with a current code (refused while 'Require MFA' names your role)",
        body: ZSecondFactorCodeRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableSecondFactor(contextOf(request), requireActor(request), request.body.code);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/users/:userId/mfa/reset',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        summary: "Reset a user's two-step verification",
        description:
          "Remove a user's two-step verification (lost phone and codes): their sessions end; audited",
        params: ZUserParams,
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await resetUserSecondFactor(
        db,
        requireActor(request),
        request.params.userId,
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );
}
