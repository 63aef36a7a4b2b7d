import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZGapSetting,
  ZGapSettingParams,
  ZUpdateGapSettingRequest,
} from '@casebridge/domain/gaps/treatment-gap.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { getGapSetting, updateGapSetting } from './gap-settings.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** A clinic's treatment-gap alert setting: its own clinic's users and admins. */
export async function treatmentGapRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/clinics/:clinicId/gap-setting',
    {
      config: { access: 'gaps:configure' },
      schema: {
        tags: ['treatment-gaps'],
        summary: "Get a clinic's gap setting",
        description: "A clinic's treatment-gap threshold in days (a clinic user's own clinic)",
        params: ZGapSettingParams,
        response: { 200: ZGapSetting, ...errors },
      },
    },
    async (request, reply) => {
      const setting = await getGapSetting(
        app.ctx.db,
        requireActor(request),
        request.params.clinicId,
        requestContext(request),
      );
      return withEtag(reply, setting);
    },
  );

  api.put(
    '/clinics/:clinicId/gap-setting',
    {
      config: { access: 'gaps:configure' },
      schema: {
        tags: ['treatment-gaps'],
        summary: "Set a clinic's gap setting",
        description:
          "Set a clinic's treatment-gap threshold (1–365 days) from the version named by If-Match or `version`",
        params: ZGapSettingParams,
        body: ZUpdateGapSettingRequest,
        response: {
          200: ZGapSetting,
          ...errors,
          409: staleWriteBody(ZGapSetting),
          428: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const setting = await updateGapSetting(
        app.ctx.db,
        requireActor(request),
        request.params.clinicId,
        {
          thresholdDays: request.body.thresholdDays,
          expected: expectedVersion(request, request.body.version),
        },
        { ...requestContext(request), log: request.log },
      );
      return withEtag(reply, setting);
    },
  );
}
