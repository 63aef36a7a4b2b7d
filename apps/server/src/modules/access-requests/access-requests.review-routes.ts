import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccessRequestList,
  ZApproveAccessRequest,
  ZListAccessRequestsQuery,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZAdminUser } from '@casebridge/domain/users/user.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { deliverInvitationNow } from '#src/modules/users/invitations.service.ts';
import {
  approveAccessRequest,
  listAccessRequests,
  rejectAccessRequest,
} from './access-requests.review.ts';

const ZRequestParams = z.object({ requestId: z.uuid() });
const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
};

/** Admin review of the requests sent from /signup (docs/architecture.md D8). */
export async function accessRequestReviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, mail } = app.ctx;

  api.get(
    '/access-requests',
    {
      config: { access: 'admin:access-requests' },
      schema: {
        tags: ['access requests'],
        operationId: 'listAccessRequests',
        summary: 'List access requests',
        description: 'Access requests of one status (pending by default)',
        querystring: ZListAccessRequestsQuery,
        response: { 200: ZAccessRequestList, ...errors },
      },
    },
    async (request) => ({ items: await listAccessRequests(db, request.query.status) }),
  );

  api.post(
    '/access-requests/:requestId/approve',
    {
      config: { access: 'admin:access-requests' },
      schema: {
        tags: ['access requests'],
        summary: 'Approve an access request',
        description:
          'Approve: create the user with the chosen role and organisation, and invite them',
        params: ZRequestParams,
        body: ZApproveAccessRequest,
        response: { 201: ZAdminUser, ...errors },
      },
    },
    async (request, reply) => {
      const user = await approveAccessRequest(
        db,
        requireActor(request),
        request.params.requestId,
        request.body,
        requestContext(request),
      );
      // With the invitation's delivery: 'e-mailed' only once a mail server accepted it.
      return reply.status(201).send(await deliverInvitationNow(db, mail, user.id));
    },
  );

  api.post(
    '/access-requests/:requestId/reject',
    {
      config: { access: 'admin:access-requests' },
      schema: {
        tags: ['access requests'],
        summary: 'Reject an access request',
        description: 'Reject a pending access request',
        params: ZRequestParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await rejectAccessRequest(
        db,
        requireActor(request),
        request.params.requestId,
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );
}
