import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZBulkCaseRequest,
  ZBulkCaseRequestAnswer,
  ZBulkCaseUpdateAsk,
  ZBulkCaseUpdateAskAnswer,
  ZBulkExportRequest,
  ZBulkStatusAnswer,
  ZBulkStatusRequest,
} from '@casebridge/domain/patients/bulk.schemas';
import { csvResponse } from '#src/lib/openapi.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { toContentDisposition } from '#src/modules/documents/document-response.ts';
import {
  askForCaseUpdates,
  changeStatuses,
  exportPatients,
  requestFromClinics,
} from './bulk.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/**
 * Work across patients (docs/architecture/work-across-patients.md): one request acts on up to
 * BULK_MAX_PATIENTS chosen patients, each through the single action's own service, and answers
 * one result per patient; the export answers the chosen patients' rows as CSV.
 */
export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.post(
    '/patients/bulk/status',
    {
      config: { access: 'patients:update-status' },
      schema: {
        tags: ['patients'],
        operationId: 'changePatientStatuses',
        summary: 'Change the status of several patients',
        description:
          'One status for each chosen patient, each from its listed version, each with its own undo window; one result per patient',
        body: ZBulkStatusRequest,
        response: { 200: ZBulkStatusAnswer, ...errors },
      },
    },
    async (request) =>
      changeStatuses(db, requireActor(request), request.body, requestContext(request)),
  );

  api.post(
    '/patients/bulk/requests',
    {
      config: { access: 'requests:create' },
      schema: {
        tags: ['requests'],
        operationId: 'createRequestsForPatients',
        summary: "Ask several patients' clinics for records",
        description:
          "The same request of each chosen patient's clinics (one request per clinic); one result per patient",
        body: ZBulkCaseRequest,
        response: { 200: ZBulkCaseRequestAnswer, ...errors },
      },
    },
    async (request) =>
      requestFromClinics(db, requireActor(request), request.body, requestContext(request)),
  );

  api.post(
    '/patients/bulk/case-update-asks',
    {
      config: { access: 'case-updates:request' },
      schema: {
        tags: ['case-updates'],
        operationId: 'askCaseUpdatesForPatients',
        summary: "Ask several patients' firms for a case update",
        description:
          "A clinic's or lienholder's ask of each chosen patient's firm; one result per patient",
        body: ZBulkCaseUpdateAsk,
        response: { 200: ZBulkCaseUpdateAskAnswer, ...errors },
      },
    },
    async (request) =>
      askForCaseUpdates(
        db,
        requireActor(request),
        request.body.patientIds,
        requestContext(request),
      ),
  );

  api.post(
    '/patients/bulk/export',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['patients'],
        operationId: 'exportPatientsCsv',
        summary: 'Export chosen patients as CSV',
        description: 'The chosen patients’ rows as CSV (audited; 404 if any is not shared)',
        body: ZBulkExportRequest,
        response: {
          200: csvResponse('The chosen patients as a CSV attachment'),
          404: ZErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportPatients(
        db,
        requireActor(request),
        request.body.patientIds,
        requestContext(request),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', toContentDisposition('download', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
