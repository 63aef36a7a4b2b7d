import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZListMailOutboxQuery,
  ZMailOutboxDetail,
  ZMailOutboxPage,
} from '@casebridge/domain/admin/system-tools.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { notFound } from '../../lib/app-error.ts';
import { getMail, listMail } from './mail-outbox.queries.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The mail outbox for admins: without SMTP this is where e-mails can be read (DESIGN.md 4.6). */
export async function mailOutboxRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/admin/mail-outbox',
    {
      config: { access: 'admin:mail' },
      schema: {
        tags: ['admin tools'],
        summary: 'Queued and sent e-mails, newest first',
        querystring: ZListMailOutboxQuery,
        response: { 200: ZMailOutboxPage, ...errors },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return { ...(await listMail(db, filter, { page, pageSize })), page, pageSize };
    },
  );

  api.get(
    '/admin/mail-outbox/:mailId',
    {
      config: { access: 'admin:mail' },
      schema: {
        tags: ['admin tools'],
        summary: 'One e-mail with its text',
        params: z.object({ mailId: z.uuid() }),
        response: { 200: ZMailOutboxDetail, ...errors },
      },
    },
    async (request) => {
      const mail = await getMail(db, request.params.mailId);
      if (!mail) throw notFound();
      return mail;
    },
  );
}
