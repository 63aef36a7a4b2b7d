import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  ZAcknowledgeCaseRequest,
  ZCaseRequest,
  ZCaseRequestPage,
  ZCaseRequestParams,
  ZCreateCaseRequest,
  ZDeclineCaseRequest,
  ZFulfilCaseRequest,
  ZListCaseRequestsQuery,
} from '@casebridge/domain/requests/case-request.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import {
  createRequest,
  getRequest,
  listOutstandingRequests,
  listPatientRequests,
  respondToRequest,
  type Response,
} from './case-requests.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/** An answer's responses: the request's next version, or why not (409 carries it as it is). */
const responseAnswers = {
  200: ZCaseRequest,
  ...errors,
  409: staleWriteBody(ZCaseRequest),
  428: ZErrorBody,
};

/**
 * Records and bills requests: a patient's requests and a new one, the
 * actor's 'Outstanding requests' queue across patients, one request, and the clinic's answers.
 */
export async function caseRequestRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/requests',
    {
      config: { access: 'requests:read' },
      schema: {
        tags: ['requests'],
        operationId: 'listPatientRequests',
        summary: "List a patient's requests",
        description: "The patient's records and bills requests the user is a party to",
        params: ZPatientIdParams,
        querystring: ZListCaseRequestsQuery,
        response: { 200: ZCaseRequestPage, ...errors },
      },
    },
    async (request) =>
      listPatientRequests(
        db,
        requireActor(request),
        request.params.patientId,
        request.query,
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/requests',
    {
      config: { access: 'requests:create' },
      schema: {
        tags: ['requests'],
        operationId: 'createPatientRequest',
        summary: 'Create a request',
        description: "Ask one of the patient's clinics for records, a bill, a report or imaging",
        params: ZPatientIdParams,
        body: ZCreateCaseRequest,
        response: { 201: ZCaseRequest, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createRequest(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(withEtag(reply, created));
    },
  );

  api.get(
    '/requests',
    {
      config: { access: 'requests:read' },
      schema: {
        tags: ['requests'],
        operationId: 'listRequests',
        summary: 'List outstanding requests',
        description:
          "Outstanding requests: the user's party's requests across patients, overdue first",
        querystring: ZListCaseRequestsQuery,
        response: { 200: ZCaseRequestPage, ...errors },
      },
    },
    async (request) =>
      listOutstandingRequests(db, requireActor(request), request.query, requestContext(request)),
  );

  api.get(
    '/requests/:requestId',
    {
      config: { access: 'requests:read' },
      schema: {
        tags: ['requests'],
        summary: 'Get a request',
        description: 'One request the user is a party to',
        params: ZCaseRequestParams,
        response: { 200: ZCaseRequest, ...errors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await getRequest(
          db,
          requireActor(request),
          request.params.requestId,
          requestContext(request),
        ),
      ),
  );

  const respond = (
    request: FastifyRequest,
    requestId: string,
    response: Response,
    version?: number,
  ) =>
    respondToRequest(db, requireActor(request), requestId, response, {
      expected: expectedVersion(request, version),
      ...requestContext(request),
    });

  api.post(
    '/requests/:requestId/acknowledge',
    {
      config: { access: 'requests:respond' },
      schema: {
        tags: ['requests'],
        summary: 'Acknowledge a request',
        description: 'The asked clinic acknowledges the request',
        params: ZCaseRequestParams,
        body: ZAcknowledgeCaseRequest,
        response: responseAnswers,
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await respond(
          request,
          request.params.requestId,
          { action: 'acknowledge' },
          request.body.version,
        ),
      ),
  );

  api.post(
    '/requests/:requestId/fulfil',
    {
      config: { access: 'requests:respond' },
      schema: {
        tags: ['requests'],
        summary: 'Fulfil a request',
        description: 'Fulfil with documents of the patient (uploaded first, or already on file)',
        params: ZCaseRequestParams,
        body: ZFulfilCaseRequest,
        response: responseAnswers,
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await respond(
          request,
          request.params.requestId,
          { action: 'fulfil', documentIds: request.body.documentIds },
          request.body.version,
        ),
      ),
  );

  api.post(
    '/requests/:requestId/decline',
    {
      config: { access: 'requests:respond' },
      schema: {
        tags: ['requests'],
        summary: 'Decline a request',
        description: 'Decline the request with a reason',
        params: ZCaseRequestParams,
        body: ZDeclineCaseRequest,
        response: responseAnswers,
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await respond(
          request,
          request.params.requestId,
          { action: 'decline', reason: request.body.reason },
          request.body.version,
        ),
      ),
  );
}
