import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAccessHistory, ZAccessHistoryQuery } from '@casebridge/domain/audit/access-history';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { getAccessHistory } from './access-history.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** A patient's Access history: who viewed or changed it, per user and day (admins, its clinics). */
export async function accessHistoryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/access-history',
    {
      // Every role reads patients; the service lets only admins and the patient's clinics in.
      config: { access: 'patients:read' },
      schema: {
        tags: ['audit'],
        summary: "Get a patient's access history",
        description:
          "Who viewed or changed the patient, per user and day in the zone `tz` (admins and the patient's clinics; audited)",
        params: ZPatientIdParams,
        querystring: ZAccessHistoryQuery,
        response: { 200: ZAccessHistory, ...errors },
      },
    },
    async (request) =>
      getAccessHistory(db, requireActor(request), request.params.patientId, {
        timeZone: request.query.tz,
        ip: requestContext(request).ip,
      }),
  );
}
