import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCaseUpdates,
  ZCaseUpdateSetting,
  ZCaseUpdateSettingParams,
  ZCaseUpdatesOverdue,
  ZPostCaseUpdateRequest,
  ZUpdateCaseUpdateSettingRequest,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { getCaseUpdateSetting, updateCaseUpdateSetting } from './case-update-settings.service.ts';
import {
  getCaseUpdates,
  getOverdueCount,
  postCaseUpdate,
  requestCaseUpdate,
} from './case-updates.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Case updates owed (docs/architecture/case-updates.md). */
export async function caseUpdatesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/case-updates',
    {
      config: { access: 'case-facts:read' },
      schema: {
        tags: ['case-updates'],
        summary: 'Get the case updates of a patient',
        description:
          'The firm’s notes and stage moves newest first, when the last one was, when the next is due and whether it is overdue, and the open asks for one',
        params: ZPatientIdParams,
        response: { 200: ZCaseUpdates, ...errors },
      },
    },
    async (request) =>
      getCaseUpdates(db, requireActor(request), request.params.patientId, requestContext(request)),
  );

  api.post(
    '/patients/:patientId/case-updates',
    {
      config: { access: 'case-updates:post' },
      schema: {
        tags: ['case-updates'],
        summary: 'Post a case update on a patient',
        description:
          'The firm’s attorneys and administrators: a short note (up to 1,000 characters) for the patient’s clinics and lienholders; it resets the update clock and answers the open asks',
        params: ZPatientIdParams,
        body: ZPostCaseUpdateRequest,
        response: { 201: ZCaseUpdates, ...errors },
      },
    },
    async (request, reply) => {
      const updates = await postCaseUpdate(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      );
      return reply.code(201).send(updates);
    },
  );

  api.post(
    '/patients/:patientId/case-updates/asks',
    {
      config: { access: 'case-updates:request' },
      schema: {
        tags: ['case-updates'],
        summary: 'Ask the firm for a case update',
        description:
          'A user of one of the patient’s clinics or lienholders; one open ask per organisation (409 while one is open), answered by the firm’s next update',
        params: ZPatientIdParams,
        response: { 201: ZCaseUpdates, ...errors, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const updates = await requestCaseUpdate(
        db,
        requireActor(request),
        request.params.patientId,
        requestContext(request),
      );
      return reply.code(201).send(updates);
    },
  );

  api.get(
    '/case-updates/overdue',
    {
      config: { access: 'case-facts:read' },
      schema: {
        tags: ['case-updates'],
        summary: 'Count the patients owed a case update',
        description:
          'How many of the caller’s own patients (its organisation’s; every patient for an administrator) are past their firm’s update interval',
        response: { 200: ZCaseUpdatesOverdue, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => getOverdueCount(db, requireActor(request)),
  );

  api.get(
    '/firms/:firmId/case-update-setting',
    {
      config: { access: 'case-updates:configure' },
      schema: {
        tags: ['case-updates'],
        summary: "Get a firm's case update setting",
        description:
          'Every how many days the firm owes each patient’s clinics and lienholders an update (0: off); the firm’s own attorneys and administrators',
        params: ZCaseUpdateSettingParams,
        response: { 200: ZCaseUpdateSetting, ...errors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await getCaseUpdateSetting(
          db,
          requireActor(request),
          request.params.firmId,
          requestContext(request),
        ),
      ),
  );

  api.put(
    '/firms/:firmId/case-update-setting',
    {
      config: { access: 'case-updates:configure' },
      schema: {
        tags: ['case-updates'],
        summary: "Set a firm's case update setting",
        description:
          'Set the interval (0–365 days, 0 turns it off) from the version named by If-Match or `version`',
        params: ZCaseUpdateSettingParams,
        body: ZUpdateCaseUpdateSettingRequest,
        response: {
          200: ZCaseUpdateSetting,
          ...errors,
          409: staleWriteBody(ZCaseUpdateSetting),
          428: ZErrorBody,
        },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await updateCaseUpdateSetting(
          db,
          requireActor(request),
          request.params.firmId,
          {
            intervalDays: request.body.intervalDays,
            expected: expectedVersion(request, request.body.version),
          },
          requestContext(request),
        ),
      ),
  );
}
