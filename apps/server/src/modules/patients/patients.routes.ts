import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  PATIENT_MESSAGES,
  ZCreatePatientRequest,
  ZDemographicsUpdated,
  ZDuplicatePatientBody,
  ZExternalIdQuery,
  ZListPatientsQuery,
  ZPatientDetail,
  ZPatientPage,
  ZPatientStats,
  ZStatusChanged,
  ZUndoStatusChangeRequest,
  ZUpdateDemographicsRequest,
  ZUpdateStatusRequest,
} from '@casebridge/domain/patients/patient.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { changePatientStatus, undoStatusChange } from './patient-status.service.ts';
import {
  createPatient,
  getActorPatientStats,
  getPatientForActor,
  listActorPatients,
  updateDemographics,
} from './patients.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/** A versioned write's extra answers: made from an older version (409), or naming none (428). */
const versionErrors = { 409: staleWriteBody(ZPatientDetail), 428: ZErrorBody };

export async function patientRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['patients'],
        operationId: 'listPatients',
        summary: 'List patients',
        description: 'Patients the user may see: search, status filter, sort, pages',
        querystring: ZListPatientsQuery,
        response: { 200: ZPatientPage, ...errors },
      },
    },
    async (request) =>
      listActorPatients(db, requireActor(request), request.query, requestContext(request)),
  );

  api.get(
    '/patients/stats',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['patients'],
        summary: 'Count patients per status',
        description: 'Patient counts per status within the user’s scope',
        response: { 200: ZPatientStats, ...errors },
      },
    },
    async (request) => getActorPatientStats(db, requireActor(request)),
  );

  api.get(
    '/patients/:patientId',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['patients'],
        summary: 'Get a patient',
        description: 'One patient (404 when missing or not shared with the user)',
        params: ZPatientIdParams,
        querystring: ZExternalIdQuery,
        response: { 200: ZPatientDetail, ...errors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await getPatientForActor(
          db,
          requireActor(request),
          request.params.patientId,
          requestContext(request),
          request.query.organizationId,
        ),
      ),
  );

  api.post(
    '/patients',
    {
      config: { access: 'patients:create' },
      schema: {
        tags: ['patients'],
        operationId: 'createPatient',
        summary: 'Create a patient',
        description: 'Add a patient (status Referred)',
        body: ZCreatePatientRequest,
        response: { 201: z.object({ id: z.uuid() }), 409: ZDuplicatePatientBody, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createPatient(
        db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      if ('duplicates' in created) {
        return reply.status(409).send({
          error: { code: 'CONFLICT', message: PATIENT_MESSAGES.duplicate },
          duplicates: created.duplicates,
        });
      }
      return reply.status(201).send(created);
    },
  );

  api.patch(
    '/patients/:patientId/status',
    {
      config: { access: 'patients:update-status' },
      schema: {
        tags: ['patients'],
        summary: "Change a patient's status",
        description:
          'Change the treatment status (If-Match or version); its notifications wait for the undo window',
        params: ZPatientIdParams,
        body: ZUpdateStatusRequest,
        response: { 200: ZStatusChanged, ...versionErrors, ...errors },
      },
    },
    async (request, reply) => {
      const changed = await changePatientStatus(
        db,
        requireActor(request),
        request.params.patientId,
        {
          status: request.body.treatmentStatus,
          expectedVersion: expectedVersion(request, request.body.version),
        },
        requestContext(request),
      );
      withEtag(reply, changed.patient);
      return changed;
    },
  );

  api.post(
    '/patients/:patientId/status/undo',
    {
      config: { access: 'patients:update-status' },
      schema: {
        tags: ['patients'],
        summary: 'Undo a status change',
        description:
          'Undo one’s own status change while its undo window is open (nobody is notified)',
        params: ZPatientIdParams,
        body: ZUndoStatusChangeRequest,
        response: {
          200: ZPatientDetail,
          // The window closed (no record), or the status changed since (with the record).
          409: ZErrorBody.extend({ current: ZPatientDetail.optional() }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await undoStatusChange(
          db,
          requireActor(request),
          request.params.patientId,
          request.body.changeId,
          requestContext(request),
        ),
      ),
  );

  api.put(
    '/patients/:patientId/demographics',
    {
      config: { access: 'patients:edit-demographics' },
      schema: {
        tags: ['patients'],
        summary: "Edit a patient's demographics",
        description:
          'Edit demographics from a version (If-Match or version); admins may also reassign organisations',
        params: ZPatientIdParams,
        body: ZUpdateDemographicsRequest,
        response: { 200: ZDemographicsUpdated, ...versionErrors, ...errors },
      },
    },
    async (request, reply) => {
      const updated = await updateDemographics(
        db,
        requireActor(request),
        request.params.patientId,
        { ...request.body, expectedVersion: expectedVersion(request, request.body.version) },
        requestContext(request),
      );
      withEtag(reply, updated.patient);
      return updated;
    },
  );
}
