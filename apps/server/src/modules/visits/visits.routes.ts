import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import {
  ZClinicDayQuery,
  ZClinicParams,
  ZCorrectVisitRequest,
  ZRecordVisitOutcomeRequest,
  ZScheduleVisitRequest,
  ZSignInSheetRequest,
  ZVisit,
  ZVisitList,
  ZVisitParams,
} from '@casebridge/domain/visits/visit.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import {
  correctVisit,
  listClinicDay,
  listVisits,
  recordVisitOutcome,
  saveSignInSheet,
  scheduleVisit,
} from './visits.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const writeErrors = { ...errors, 409: staleWriteBody(ZVisit), 428: ZErrorBody };

export async function visitsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/visits',
    {
      config: { access: 'visits:read' },
      schema: {
        tags: ['visits'],
        summary: 'List the visits of a patient',
        description: 'Scheduled and past visits at the patient’s clinics, newest first',
        params: ZPatientIdParams,
        response: { 200: ZVisitList, ...errors },
      },
    },
    async (request) =>
      listVisits(db, requireActor(request), request.params.patientId, requestContext(request)),
  );

  api.post(
    '/patients/:patientId/visits',
    {
      config: { access: 'visits:edit' },
      schema: {
        tags: ['visits'],
        summary: 'Schedule a visit',
        description:
          'The patient’s clinics (their own clinic) and administrators (naming one of the patient’s clinics)',
        params: ZPatientIdParams,
        body: ZScheduleVisitRequest,
        response: { 201: ZVisit, ...errors },
      },
    },
    async (request, reply) => {
      const visit = await scheduleVisit(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(withEtag(reply, visit));
    },
  );

  api.post(
    '/visits/:visitId/outcome',
    {
      config: { access: 'visits:edit' },
      schema: {
        tags: ['visits'],
        summary: 'Record the outcome of a scheduled visit',
        description:
          'Attended, no-show, cancelled, or rescheduled to a new time (a new visit, linked); name the version (If-Match). An attended visit moves the last treatment date forward',
        params: ZVisitParams,
        body: ZRecordVisitOutcomeRequest,
        response: { 200: ZVisit, ...writeErrors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await recordVisitOutcome(
          db,
          requireActor(request),
          request.params.visitId,
          { ...request.body, expectedVersion: expectedVersion(request, request.body.version) },
          requestContext(request),
        ),
      ),
  );

  api.put(
    '/visits/:visitId',
    {
      config: { access: 'visits:edit' },
      schema: {
        tags: ['visits'],
        summary: 'Correct a visit',
        description:
          'Its day, time, type, note or outcome, with a reason kept in its history; name the version (If-Match)',
        params: ZVisitParams,
        body: ZCorrectVisitRequest,
        response: { 200: ZVisit, ...writeErrors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await correctVisit(
          db,
          requireActor(request),
          request.params.visitId,
          { ...request.body, expectedVersion: expectedVersion(request, request.body.version) },
          requestContext(request),
        ),
      ),
  );

  api.get(
    '/clinics/:clinicId/visits',
    {
      config: { access: 'visits:edit' },
      schema: {
        tags: ['visits'],
        summary: 'List a clinic’s visits on one day',
        description: 'The clinic’s own users and administrators; in time order',
        params: ZClinicParams,
        querystring: ZClinicDayQuery,
        response: { 200: ZVisitList, ...errors },
      },
    },
    async (request) =>
      listClinicDay(
        db,
        requireActor(request),
        request.params.clinicId,
        request.query.date,
        requestContext(request),
      ),
  );

  api.post(
    '/clinics/:clinicId/visits/sign-in',
    {
      config: { access: 'visits:edit' },
      schema: {
        tags: ['visits'],
        summary: 'Save a day’s sign-in sheet',
        description:
          'Marks many of the day’s scheduled visits attended or no-show at once: all or nothing, each refused row named in details (entries[i]); answers the day’s visits',
        params: ZClinicParams,
        body: ZSignInSheetRequest,
        response: { 200: ZVisitList, ...errors, 409: ZErrorBody },
      },
    },
    async (request) =>
      saveSignInSheet(
        db,
        requireActor(request),
        request.params.clinicId,
        request.body,
        requestContext(request),
      ),
  );
}
