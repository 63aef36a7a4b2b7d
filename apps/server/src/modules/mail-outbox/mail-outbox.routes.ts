import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZListMailOutboxQuery,
  ZMailOutboxDetail,
  ZMailOutboxItem,
  ZMailOutboxPage,
  ZRetryFailedMailResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { listMail, retryAllFailedMail, retryFailedMail, viewMail } from './mail-outbox.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const ZMailParams = z.object({ mailId: z.uuid() });

/** The mail outbox for admins: without SMTP this is where e-mails can be read (docs/architecture.md D6). */
export async function mailOutboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/admin/mail-outbox',
    {
      config: { access: 'admin:mail' },
      schema: {
        tags: ['admin tools'],
        operationId: 'listMailOutbox',
        summary: 'List the mail outbox',
        description: 'Queued and sent e-mails, newest first',
        querystring: ZListMailOutboxQuery,
        response: { 200: ZMailOutboxPage, ...errors },
      },
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      const result = await listMail(db, filter, { cursor, pageSize: limit });
      // Subjects may name a patient (the detailed notification content): one row per page.
      await auditPatientRead(db, requireActor(request), {
        action: 'mail_listed',
        listed: { label: 'mails', ids: result.items.map((item) => item.id) },
        details: `${cursor ? `page after ${cursor}` : 'page 1'}${filter.status ? `, status ${filter.status}` : ''}${filter.search ? ', search (text not recorded)' : ''}`,
        ip: requestContext(request).ip,
      });
      return result;
    },
  );

  api.get(
    '/admin/mail-outbox/:mailId',
    {
      config: { access: 'admin:mail' },
      schema: {
        tags: ['admin tools'],
        operationId: 'getMailOutboxEntry',
        summary: 'Get an outbox e-mail',
        description: 'One e-mail with its text (audited: it may hold health information)',
        params: ZMailParams,
        response: { 200: ZMailOutboxDetail, ...errors },
      },
    },
    async (request) =>
      viewMail(db, requireActor(request), request.params.mailId, requestContext(request)),
  );

  api.post(
    '/admin/mail-outbox/:mailId/retry',
    {
      config: { access: 'admin:mail' },
      schema: {
        tags: ['admin tools'],
        operationId: 'retryMailOutboxEntry',
        summary: 'Retry a failed e-mail',
        description:
          'Queue a failed e-mail again, due now, with a fresh retry window. Audited. 409 when the e-mail is not failed (pending, sending or sent mails are left alone).',
        params: ZMailParams,
        response: { 200: ZMailOutboxItem, ...errors, 409: ZErrorBody },
      },
    },
    async (request) =>
      retryFailedMail(db, requireActor(request), request.params.mailId, requestContext(request)),
  );

  api.post(
    '/admin/mail-outbox/retry-failed',
    {
      config: { access: 'admin:mail' },
      schema: {
        tags: ['admin tools'],
        operationId: 'retryFailedMailOutbox',
        summary: 'Retry every failed e-mail',
        description: 'Queue every failed e-mail again, due now, with a fresh retry window',
        response: { 200: ZRetryFailedMailResult, ...errors },
      },
    },
    async (request) => retryAllFailedMail(db, requireActor(request), requestContext(request)),
  );
}
