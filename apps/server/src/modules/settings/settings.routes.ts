import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZUpdateSettingsRequest } from '@casebridge/domain/settings/settings-admin.schemas';
import { ZSettingsRecord } from '@casebridge/domain/settings/settings.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { getEditableSettings, saveSettings } from './settings.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/settings',
    {
      config: { access: 'admin:settings' },
      schema: {
        tags: ['settings'],
        summary: 'Get the settings',
        description: 'Application settings, with their version (also the ETag)',
        response: { 200: ZSettingsRecord, ...errors },
      },
    },
    async (_request, reply) => withEtag(reply, await getEditableSettings(db)),
  );

  api.put(
    '/settings',
    {
      config: { access: 'admin:settings' },
      schema: {
        tags: ['settings'],
        summary: 'Save the settings',
        description:
          'Save every setting (validated, audited, applied to the next request), from the version named by If-Match or `version` (409 with the settings when they changed since)',
        body: ZUpdateSettingsRequest,
        response: {
          200: ZSettingsRecord,
          ...errors,
          409: staleWriteBody(ZSettingsRecord),
          428: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { version, ...values } = request.body;
      const saved = await saveSettings(
        db,
        requireActor(request),
        { values, expected: expectedVersion(request, version) },
        requestContext(request),
      );
      return withEtag(reply, saved);
    },
  );
}
