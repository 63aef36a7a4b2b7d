import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZListNotificationsQuery,
  ZMarkAllReadResponse,
  ZNotificationPage,
  ZNotificationPreferences,
  ZUpdateNotificationPreferencesRequest,
} from '@casebridge/domain/notifications/notification.schemas';
import {
  ZConfirmNotificationEmailRequest,
  ZConfirmNotificationEmailResponse,
} from '@casebridge/domain/notifications/notification-email.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import { notFound } from '#src/lib/app-error.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { PUBLIC_RATE_LIMITS } from '#src/lib/rate-limits.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  cancelNotificationEmailChange,
  confirmNotificationEmail,
  resendNotificationEmailConfirmation,
} from './notification-email.service.ts';
import {
  getOwnPreferences,
  listOwnNotifications,
  markAllOwnNotificationsRead,
  markOwnNotificationRead,
  updateOwnPreferences,
} from './notifications.service.ts';

const ZNotificationParams = z.object({ notificationId: z.string() });
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The signed-in user's own notifications and preferences; nobody reaches anyone else's. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/notifications',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        operationId: 'listNotifications',
        summary: 'List my notifications',
        description: 'My notifications, newest first, with the unread count',
        querystring: ZListNotificationsQuery,
        response: { 200: ZNotificationPage, ...errors },
      },
    },
    async (request) =>
      listOwnNotifications(db, requireActor(request), request.query, requestContext(request)),
  );

  api.patch(
    '/notifications/:notificationId/read',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark a notification read',
        description: 'Mark one of my notifications read',
        params: ZNotificationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { notificationId } = request.params;
      // A malformed id answers like a missing one, as do other users' notifications.
      if (!isUuid(notificationId)) throw notFound();
      await markOwnNotificationRead(db, actor, notificationId, requestContext(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/notifications/read-all',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all notifications read',
        description: 'Mark all my notifications read',
        response: { 200: ZMarkAllReadResponse, ...errors },
      },
    },
    async (request) => ({
      marked: await markAllOwnNotificationsRead(db, requireActor(request), requestContext(request)),
    }),
  );

  api.get(
    '/notifications/preferences',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        summary: 'Get my notification preferences',
        description: 'My notification preferences',
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) => getOwnPreferences(db, requireActor(request)),
  );

  api.put(
    '/notifications/preferences',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        summary: 'Save my notification preferences',
        description: 'Save my notification preferences',
        body: ZUpdateNotificationPreferencesRequest,
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) =>
      updateOwnPreferences(db, requireActor(request), request.body, requestContext(request)),
  );

  api.post(
    '/notifications/preferences/email-confirmation',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        summary: 'Resend the e-mail confirmation',
        description: 'Send a new confirmation link to my notification address waiting for one',
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) =>
      resendNotificationEmailConfirmation(db, requireActor(request), requestContext(request)),
  );

  api.delete(
    '/notifications/preferences/email-confirmation',
    {
      config: { access: 'notifications:own' },
      schema: {
        tags: ['notifications'],
        summary: 'Cancel the e-mail change',
        description: 'Cancel my notification address change waiting for confirmation',
        response: { 200: ZNotificationPreferences, ...errors },
      },
    },
    async (request) =>
      cancelNotificationEmailChange(db, requireActor(request), requestContext(request)),
  );

  api.post(
    '/notification-email-confirmations',
    {
      // Public: the token in the link is the proof (notification-email.service.ts), and the new
      // address may be read where the user is not signed in. Limited per IP like an invitation.
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMITS.invitation },
      schema: {
        tags: ['notifications'],
        summary: 'Confirm a notification e-mail',
        description: 'Confirm a notification e-mail address with the link sent to it',
        body: ZConfirmNotificationEmailRequest,
        response: { 200: ZConfirmNotificationEmailResponse, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => confirmNotificationEmail(db, request.body.token, requestContext(request)),
  );
}
