import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  WEBHOOK_ENDPOINTS_MAX,
  ZCreateWebhookEndpoint,
  ZListWebhookDeliveriesQuery,
  ZUpdateWebhookEndpoint,
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryParams,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointParams,
  ZWebhookEndpointWithSecret,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  requireEndpoint,
  rotateSecret,
  updateEndpoint,
  type WebhookServiceContext,
} from './webhooks.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const TAGS = ['webhooks'];
const SCOPE_NOTE =
  "An organisation's user manages their organisation's endpoints only (any other answers 404); an administrator manages every endpoint.";

/**
 * Webhooks: endpoints that receive signed event deliveries, and their
 * deliveries. Every route needs `webhooks:manage` (administrators and organisations' users).
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, env, documentKeys } = app.ctx;
  const contextOf = (request: FastifyRequest): WebhookServiceContext => ({
    ...requestContext(request),
    keyring: documentKeys,
    urlPolicy: {
      isProduction: env.nodeEnv === 'production',
      allowHttpLoopback: env.webhookAllowHttpLoopback,
    },
  });

  api.get(
    '/webhooks',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'listWebhookEndpoints',
        summary: 'The webhook endpoints the user manages, newest first',
        description: `${SCOPE_NOTE} At most ${WEBHOOK_ENDPOINTS_MAX * 10} endpoints are listed.`,
        response: { 200: ZWebhookEndpointList, ...errors },
      },
    },
    async (request) => ({
      items: await listEndpoints(db, requireActor(request), WEBHOOK_ENDPOINTS_MAX * 10),
    }),
  );

  api.post(
    '/webhooks',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'createWebhookEndpoint',
        summary: 'Register an endpoint; the answer holds its signing secret, shown this once',
        description: `https:// addresses only (http:// on a loopback host outside production when WEBHOOK_ALLOW_HTTP_LOOPBACK allows it; in production no loopback or private address). ${SCOPE_NOTE} Only an administrator names \`organizationId\` (none: every patient). Audited.`,
        body: ZCreateWebhookEndpoint,
        response: { 201: ZWebhookEndpointWithSecret, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createEndpoint(
        db,
        requireActor(request),
        request.body,
        contextOf(request),
      );
      return reply.code(201).send(created);
    },
  );

  api.patch(
    '/webhooks/:endpointId',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change an endpoint: its address, description, event types, or pause/resume it',
        description: `A paused endpoint (active: false) gets no new deliveries; those queued wait until it is resumed. ${SCOPE_NOTE} Audited.`,
        params: ZWebhookEndpointParams,
        body: ZUpdateWebhookEndpoint,
        response: { 200: ZWebhookEndpoint, ...errors },
      },
    },
    async (request) =>
      updateEndpoint(
        db,
        requireActor(request),
        request.params.endpointId,
        request.body,
        contextOf(request),
      ),
  );

  api.delete(
    '/webhooks/:endpointId',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete an endpoint: it gets nothing more, queued deliveries are not sent',
        description: `${SCOPE_NOTE} Audited.`,
        params: ZWebhookEndpointParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(
        db,
        requireActor(request),
        request.params.endpointId,
        contextOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/webhooks/:endpointId/rotate-secret',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'rotateWebhookSecret',
        summary: 'Replace the signing secret; the answer holds the new one, shown this once',
        description: `The old secret stops signing at once. ${SCOPE_NOTE} Audited.`,
        params: ZWebhookEndpointParams,
        response: { 200: ZWebhookEndpointWithSecret, ...errors },
      },
    },
    async (request) =>
      rotateSecret(db, requireActor(request), request.params.endpointId, contextOf(request)),
  );

  api.get(
    '/webhooks/:endpointId/deliveries',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's deliveries, newest first, with the receiver's last answer",
        description: `Keyset pages: pass the \`nextCursor\` of a page as \`cursor\` for the next. ${SCOPE_NOTE}`,
        params: ZWebhookEndpointParams,
        querystring: ZListWebhookDeliveriesQuery,
        response: { 200: ZWebhookDeliveryPage, ...errors },
      },
    },
    async (request) => {
      const endpoint = await requireEndpoint(db, requireActor(request), request.params.endpointId);
      return listDeliveries(db, endpoint.id, request.query);
    },
  );

  api.post(
    '/webhooks/:endpointId/deliveries/:deliveryId/replay',
    {
      config: { access: 'webhooks:manage' },
      schema: {
        tags: TAGS,
        operationId: 'replayWebhookDelivery',
        summary: 'Send a delivery again: queues a copy, due now, naming the original',
        description: `The copy has its own id (the payload's \`id\` too). Refused with 409 when the endpoint's organisation no longer sees the patient. ${SCOPE_NOTE} Audited.`,
        params: ZWebhookDeliveryParams,
        response: { 201: ZWebhookDelivery, ...errors, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const copy = await replayDelivery(
        db,
        requireActor(request),
        request.params,
        contextOf(request),
      );
      return reply.code(201).send(copy);
    },
  );
}
