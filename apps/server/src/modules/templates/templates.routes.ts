import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZCreateTemplateRequest,
  ZListTemplatesQuery,
  ZMessageTemplate,
  ZTemplateList,
  ZUpdateTemplateRequest,
} from '@casebridge/domain/templates/template.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  changeTemplateActive,
  createTemplate,
  editTemplate,
  listTemplatesForActor,
} from './templates.service.ts';

const ZTemplateParams = z.object({ templateId: z.uuid() });
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/templates',
    {
      // Every signed-in user who can send messages reads the composer's picker.
      config: { access: 'messages:send' },
      schema: {
        tags: ['templates'],
        operationId: 'listTemplates',
        summary: 'List templates',
        description: 'Message templates: active message templates, or every template for admins',
        querystring: ZListTemplatesQuery,
        response: { 200: ZTemplateList, ...errors },
      },
    },
    async (request) => ({
      items: await listTemplatesForActor(db, requireActor(request), request.query),
    }),
  );

  api.post(
    '/templates',
    {
      config: { access: 'admin:templates' },
      schema: {
        tags: ['templates'],
        operationId: 'createTemplate',
        summary: 'Create a template',
        description: 'Add a message or e-mail template',
        body: ZCreateTemplateRequest,
        response: { 201: ZMessageTemplate, ...errors },
      },
    },
    async (request, reply) => {
      const template = await createTemplate(
        db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(template);
    },
  );

  api.patch(
    '/templates/:templateId',
    {
      config: { access: 'admin:templates' },
      schema: {
        tags: ['templates'],
        operationId: 'updateTemplate',
        summary: 'Update a template',
        description:
          'Activate or deactivate a template, or edit its title, subject and body, from the version named by If-Match or `version` (409 with the template when it changed since)',
        params: ZTemplateParams,
        body: ZUpdateTemplateRequest,
        response: {
          200: ZMessageTemplate,
          ...errors,
          409: staleWriteBody(ZMessageTemplate),
          428: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const context = requestContext(request);
      const { templateId } = request.params;
      const body = request.body;
      const expected = expectedVersion(request, body.version);
      const template =
        'active' in body
          ? await changeTemplateActive(
              db,
              actor,
              templateId,
              { active: body.active, expected },
              context,
            )
          : await editTemplate(db, actor, templateId, { ...body, expected }, context);
      return withEtag(reply, template);
    },
  );
}
