import { PUBLIC_RATE_LIMITS } from '#src/lib/rate-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZAcceptInvitationRequest,
  ZAdminUser,
  ZCreateUserRequest,
  ZInvitationInfo,
  ZInvitationLookupRequest,
  ZListUsersQuery,
  ZUpdateUserRequest,
  ZUserPage,
} from '@casebridge/domain/users/user.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { acceptInvitation, deliverInvitationNow, lookupInvitation } from './invitations.service.ts';
import {
  createUser,
  editUser,
  listUsersPage,
  resendInvitation,
  updateUser,
} from './users.service.ts';

const ZUserParams = z.object({ userId: z.string().min(1).max(64) });
const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
};

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, mail } = app.ctx;

  api.get(
    '/users',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        operationId: 'listUsers',
        summary: 'List users',
        description: 'Every user, newest first, with search and pages',
        querystring: ZListUsersQuery,
        response: { 200: ZUserPage, ...errors },
      },
    },
    async (request) => listUsersPage(db, request.query),
  );

  api.post(
    '/users',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        operationId: 'createUser',
        summary: 'Create a user',
        description: 'Add a user; they receive an invitation e-mail to set a password',
        body: ZCreateUserRequest,
        response: { 201: ZAdminUser, ...errors },
      },
    },
    async (request, reply) => {
      const user = await createUser(
        db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      // With the invitation's delivery: 'e-mailed' only once a mail server accepted it.
      return reply.status(201).send(await deliverInvitationNow(db, mail, user.id));
    },
  );

  api.patch(
    '/users/:userId',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        operationId: 'updateUser',
        summary: 'Update a user',
        description:
          'Activate, deactivate or approve a user, or edit their name, role and organization (deactivation and a role or organization change end their sessions), from the version named by If-Match or `version` (409 with the user when it changed since)',
        params: ZUserParams,
        body: ZUpdateUserRequest,
        response: { 200: ZAdminUser, ...errors, 409: staleWriteBody(ZAdminUser), 428: ZErrorBody },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const context = requestContext(request);
      const { userId } = request.params;
      const body = request.body;
      const expected = expectedVersion(request, body.version);
      const user =
        'role' in body
          ? await editUser(db, actor, userId, { ...body, expected }, context)
          : await updateUser(db, actor, userId, { ...body, expected }, context);
      return withEtag(reply, user);
    },
  );

  api.post(
    '/users/:userId/invitation',
    {
      config: { access: 'admin:users' },
      schema: {
        tags: ['users'],
        summary: "Resend a user's invitation",
        description:
          'Send a new invitation link to a user who has not set a password yet; answers the user with the invitation e-mail’s delivery',
        params: ZUserParams,
        response: { 200: ZAdminUser, ...errors },
      },
    },
    async (request) => {
      await resendInvitation(
        db,
        requireActor(request),
        request.params.userId,
        requestContext(request),
      );
      return deliverInvitationNow(db, mail, request.params.userId);
    },
  );

  // The token travels in the body, never in a URL that could end up in a log.
  api.post(
    '/invitations/lookup',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.invitation },
      schema: {
        tags: ['users'],
        summary: 'Look up an invitation',
        description: 'Who an invitation link is for (nothing changes)',
        body: ZInvitationLookupRequest,
        response: { 200: ZInvitationInfo, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => lookupInvitation(db, request.body.token),
  );

  api.post(
    '/invitations/accept',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.invitation },
      schema: {
        tags: ['users'],
        summary: 'Accept an invitation',
        description: 'Set a password with an invitation link (works once, until it expires)',
        body: ZAcceptInvitationRequest,
        response: { 204: z.null(), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await acceptInvitation(db, request.body, requestContext(request));
      return reply.status(204).send(null);
    },
  );
}
