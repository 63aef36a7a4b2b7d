import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZUpdateSettingsRequest } from '@casebridge/domain/settings/settings-admin.schemas';
import { ZSettings } from '@casebridge/domain/settings/settings.schemas';
import { getRequestIp } from '#src/lib/request-ip.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { getSettings } from './settings.queries.ts';
import { saveSettings } from './settings.service.ts';

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
        summary: 'Application settings',
        response: { 200: ZSettings, ...errors },
      },
    },
    async () => getSettings(db),
  );

  api.put(
    '/settings',
    {
      config: { access: 'admin:settings' },
      schema: {
        tags: ['settings'],
        summary: 'Save every setting (validated, audited, applied to the next request)',
        body: ZUpdateSettingsRequest,
        response: { 200: ZSettings, ...errors },
      },
    },
    async (request) =>
      saveSettings(db, requireActor(request), request.body, { ip: getRequestIp(request) }),
  );
}
