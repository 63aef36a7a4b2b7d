import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZActivityPage, ZListActivityQuery } from '@casebridge/domain/activity/activity.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { listPatientActivity } from './activity.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** A patient's Activity feed: only actors who may see the patient reach it. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/activity',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['activity'],
        operationId: 'listPatientActivity',
        summary: "List a patient's activity",
        description:
          "A page of the patient's Activity feed, newest first: the items whose records the actor may see",
        params: ZPatientIdParams,
        querystring: ZListActivityQuery,
        response: { 200: ZActivityPage, ...errors },
      },
    },
    async (request) =>
      listPatientActivity(
        db,
        requireActor(request),
        request.params.patientId,
        request.query,
        requestContext(request),
      ),
  );
}
