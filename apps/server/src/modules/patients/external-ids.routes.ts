import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  ZExternalIdQuery,
  ZPatientExternalId,
  ZSetExternalIdRequest,
} from '@casebridge/domain/patients/patient.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { clearExternalId, setExternalId } from './external-ids.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** An organisation's own reference for a patient (docs/architecture/api-contract.md, 'Sync-friendly reads'). */
export async function externalIdRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.put(
    '/patients/:patientId/external-id',
    {
      config: { access: 'patients:external-ids' },
      schema: {
        tags: ['patients'],
        summary: 'Set your organisation’s reference for a patient (unique per organisation)',
        params: ZPatientIdParams,
        querystring: ZExternalIdQuery,
        body: ZSetExternalIdRequest,
        response: { 200: ZPatientExternalId, 409: ZErrorBody, ...errors },
      },
    },
    async (request) =>
      setExternalId(
        db,
        requireActor(request),
        {
          patientId: request.params.patientId,
          externalId: request.body.externalId,
          organizationId: request.query.organizationId,
        },
        requestContext(request),
      ),
  );

  api.delete(
    '/patients/:patientId/external-id',
    {
      config: { access: 'patients:external-ids' },
      schema: {
        tags: ['patients'],
        summary: 'Clear your organisation’s reference for a patient',
        params: ZPatientIdParams,
        querystring: ZExternalIdQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await clearExternalId(
        db,
        requireActor(request),
        { patientId: request.params.patientId, organizationId: request.query.organizationId },
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );
}
