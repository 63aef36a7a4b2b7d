import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccessGrant,
  ZAccessGrantCandidateList,
  ZAccessGrantList,
  ZAccessGrantParams,
  ZGrantAccessRequest,
} from '@casebridge/domain/access-grants/access-grant.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  grantAccess,
  listPatientGrantCandidates,
  listPatientGrants,
  revokeAccess,
} from './access-grants.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Emergency and temporary access to one patient. */
export async function accessGrantRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/access-grants',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['access-grants'],
        operationId: 'listPatientAccessGrants',
        summary: "List a patient's access grants",
        description: "A patient's active temporary access grants (a grantee sees their own)",
        params: ZPatientIdParams,
        response: { 200: ZAccessGrantList, ...errors },
      },
    },
    async (request) => ({
      items: await listPatientGrants(
        db,
        requireActor(request),
        request.params.patientId,
        requestContext(request),
      ),
    }),
  );

  api.get(
    '/patients/:patientId/access-grants/candidates',
    {
      config: { access: 'admin:access-grants' },
      schema: {
        tags: ['access-grants'],
        summary: 'List access-grant candidates',
        description: 'Clinic, attorney and lienholder users who do not see the patient',
        params: ZPatientIdParams,
        response: { 200: ZAccessGrantCandidateList, ...errors },
      },
    },
    async (request) => ({
      items: await listPatientGrantCandidates(db, requireActor(request), request.params.patientId),
    }),
  );

  api.post(
    '/patients/:patientId/access-grants',
    {
      config: { access: 'admin:access-grants' },
      schema: {
        tags: ['access-grants'],
        operationId: 'createPatientAccessGrant',
        summary: 'Grant temporary access',
        description: 'Grant a user time-limited access to this patient, with a reason',
        params: ZPatientIdParams,
        body: ZGrantAccessRequest,
        response: { 201: ZAccessGrant, ...errors, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const grant = await grantAccess(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(grant);
    },
  );

  api.post(
    '/patients/:patientId/access-grants/:grantId/revoke',
    {
      config: { access: 'admin:access-grants' },
      schema: {
        tags: ['access-grants'],
        summary: 'Revoke an access grant',
        description: 'End a temporary access grant now',
        params: ZAccessGrantParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeAccess(db, requireActor(request), request.params, requestContext(request));
      return reply.status(204).send(null);
    },
  );
}
