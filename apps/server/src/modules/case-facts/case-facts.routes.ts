import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCaseFacts,
  ZSaveCaseFactsRequest,
  type TCaseFacts,
} from '@casebridge/domain/case-facts/case-facts.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { getCaseFacts, saveCaseFacts } from './case-facts.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The answer's ETag is the facts' version once they are saved. */
function withFactsEtag(reply: FastifyReply, caseFacts: TCaseFacts): TCaseFacts {
  if (caseFacts.facts) withEtag(reply, caseFacts.facts);
  return caseFacts;
}

export async function caseFactsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/case',
    {
      config: { access: 'case-facts:read' },
      schema: {
        tags: ['case-facts'],
        summary: 'Get the case facts of a patient',
        description:
          'Accident, insurers, the firm’s case number, the legal stage and its history, and the medical specials against the policy limits (cents)',
        params: ZPatientIdParams,
        response: { 200: ZCaseFacts, ...errors },
      },
    },
    async (request, reply) =>
      withFactsEtag(
        reply,
        await getCaseFacts(
          db,
          requireActor(request),
          request.params.patientId,
          requestContext(request),
        ),
      ),
  );

  api.put(
    '/patients/:patientId/case',
    {
      config: { access: 'case-facts:edit' },
      schema: {
        tags: ['case-facts'],
        summary: 'Save the case facts of a patient',
        description:
          'The firm’s attorneys and administrators: the accident, case number, insurers (the whole list) and stage; after the first save, name the version (If-Match)',
        params: ZPatientIdParams,
        body: ZSaveCaseFactsRequest,
        response: {
          200: ZCaseFacts,
          ...errors,
          409: staleWriteBody(ZCaseFacts),
          428: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const hasVersion =
        request.body.version !== undefined || request.headers['if-match'] !== undefined;
      const saved = await saveCaseFacts(
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
      return withFactsEtag(reply, saved);
    },
  );
}
