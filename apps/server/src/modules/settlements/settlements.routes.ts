import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  ZSaveSettlementRequest,
  ZSettlement,
} from '@casebridge/domain/settlements/settlement.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion } from '#src/lib/versioning.ts';
import { getSettlement, saveSettlement } from './settlements.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export async function settlementRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/settlement',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags: ['settlements'],
        summary: 'Get a settlement worksheet',
        description:
          "The firm's settlement worksheet of a patient: draft, liens now, figures (cents)",
        params: ZPatientIdParams,
        response: { 200: ZSettlement, ...errors },
      },
    },
    async (request) =>
      getSettlement(db, requireActor(request), request.params.patientId, requestContext(request)),
  );

  api.put(
    '/patients/:patientId/settlement',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags: ['settlements'],
        summary: 'Save a settlement draft',
        description: 'Save the settlement draft; after the first save, name the version (If-Match)',
        params: ZPatientIdParams,
        body: ZSaveSettlementRequest,
        response: {
          200: ZSettlement,
          ...errors,
          409: staleWriteBody(ZSettlement),
          428: ZErrorBody,
        },
      },
    },
    async (request) => {
      const hasVersion =
        request.body.version !== undefined || request.headers['if-match'] !== undefined;
      return saveSettlement(
        db,
        requireActor(request),
        request.params.patientId,
        {
          ...request.body,
          // The first save names no version; expectedVersion refuses a malformed one.
          expectedVersion: hasVersion ? expectedVersion(request, request.body.version) : undefined,
        },
        requestContext(request),
      );
    },
  );
}
