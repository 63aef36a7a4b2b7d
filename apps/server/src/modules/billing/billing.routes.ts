import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBillingEntry,
  ZBillingEntryParams,
  ZBillingHistory,
  ZBillingSummary,
  ZCreateBillingEntryRequest,
  ZEditBillingEntryRequest,
  ZListBillingQuery,
  ZListOrganizationBillingQuery,
  ZOrganizationBillingPage,
  ZVoidBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZHistoryList } from '@casebridge/domain/history/record-history.schemas';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { csvResponse } from '#src/lib/openapi.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { toContentDisposition } from '#src/modules/documents/document-response.ts';
import {
  createBillingEntry,
  exportBillingCsv,
  getBillingSummary,
  listActorBilling,
  listBilling,
} from './billing.service.ts';
import {
  editBillingEntry,
  listBillingEntryHistory,
  voidBillingEntry,
} from './billing-corrections.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
/** A correction's answers: the line's next version, or why not (409 carries the line as it is). */
const correctionResponses = {
  200: ZBillingEntry,
  ...errors,
  409: staleWriteBody(ZBillingEntry),
  428: ZErrorBody,
};

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/billing',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['billing'],
        summary: "Get a patient's billing history",
        description: 'Billing History of a patient and its Total Medical Specials (cents)',
        params: ZPatientIdParams,
        querystring: ZListBillingQuery,
        response: { 200: ZBillingHistory, ...errors },
      },
    },
    async (request) =>
      listBilling(
        db,
        requireActor(request),
        request.params.patientId,
        request.query,
        requestContext(request),
      ),
  );

  api.get(
    '/billing',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['billing'],
        summary: 'Every billing line of every patient the user may see, paged',
        description:
          'Voided lines included with their status; filter by patientId and updatedSince (a sync client’s changes, oldest first).',
        querystring: ZListOrganizationBillingQuery,
        response: { 200: ZOrganizationBillingPage, ...errors },
      },
    },
    async (request) =>
      listActorBilling(db, requireActor(request), request.query, requestContext(request)),
  );

  api.post(
    '/patients/:patientId/billing',
    {
      config: { access: 'billing:create' },
      schema: {
        tags: ['billing'],
        operationId: 'createPatientBillingEntry',
        summary: 'Create a billing line',
        description: 'Add a billing entry (CPT/HCPCS code, sessions, amount in dollars)',
        params: ZPatientIdParams,
        body: ZCreateBillingEntryRequest,
        response: { 201: ZBillingEntry, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await createBillingEntry(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(entry);
    },
  );

  api.get(
    '/patients/:patientId/billing.csv',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['billing'],
        operationId: 'exportPatientBillingCsv',
        summary: 'Export billing as CSV',
        description: 'Export the Billing History as CSV (audited)',
        params: ZPatientIdParams,
        response: { 200: csvResponse('The Billing History as a CSV attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportBillingCsv(
        db,
        requireActor(request),
        request.params.patientId,
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

  api.get(
    '/billing/summary',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['billing'],
        summary: 'Get the billing summary',
        description: 'Lienholder Dashboard: total billed and recent lines across linked patients',
        response: { 200: ZBillingSummary, ...errors },
      },
    },
    async (request) => getBillingSummary(db, requireActor(request), requestContext(request)),
  );

  api.patch(
    '/patients/:patientId/billing/:entryId',
    {
      config: { access: 'billing:edit' },
      schema: {
        tags: ['billing'],
        operationId: 'editPatientBillingEntry',
        summary: 'Edit a billing line',
        description:
          'Edit a billing line (code, sessions, amount, date) with a reason; needs If-Match',
        params: ZBillingEntryParams,
        body: ZEditBillingEntryRequest,
        response: correctionResponses,
      },
    },
    async (request, reply) => {
      const entry = await editBillingEntry(
        db,
        requireActor(request),
        {
          ...request.params,
          expectedVersion: expectedVersion(request, request.body.version),
        },
        request.body,
        requestContext(request),
      );
      return withEtag(reply, entry);
    },
  );

  api.post(
    '/patients/:patientId/billing/:entryId/void',
    {
      config: { access: 'billing:void' },
      schema: {
        tags: ['billing'],
        summary: 'Void a billing line',
        description: 'Void a billing line with a reason: it stays listed, no total counts it',
        params: ZBillingEntryParams,
        body: ZVoidBillingEntryRequest,
        response: correctionResponses,
      },
    },
    async (request, reply) => {
      const entry = await voidBillingEntry(
        db,
        requireActor(request),
        {
          ...request.params,
          expectedVersion: expectedVersion(request, request.body.version),
        },
        request.body.reason,
        requestContext(request),
      );
      return withEtag(reply, entry);
    },
  );

  api.get(
    '/patients/:patientId/billing/:entryId/history',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['billing'],
        summary: "Get a billing line's history",
        description: "A billing line's corrections: who, when, values before and after, reason",
        params: ZBillingEntryParams,
        response: { 200: ZHistoryList, ...errors },
      },
    },
    async (request) =>
      listBillingEntryHistory(
        db,
        requireActor(request),
        request.params.patientId,
        request.params.entryId,
        requestContext(request),
      ),
  );
}
