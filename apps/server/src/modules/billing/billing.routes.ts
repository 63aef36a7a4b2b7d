import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBillingEntry,
  ZBillingHistory,
  ZBillingSummary,
  ZCreateBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { getRequestIp } from '#src/lib/request-ip.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { toContentDisposition } from '#src/modules/documents/document-response.ts';
import {
  createBillingEntry,
  exportBillingCsv,
  getBillingSummary,
  listBilling,
} from './billing.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/billing',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['billing'],
        summary: 'Billing History of a patient and its Total Medical Specials (cents)',
        params: ZPatientIdParams,
        response: { 200: ZBillingHistory, ...errors },
      },
    },
    async (request) => listBilling(db, requireActor(request), request.params.patientId),
  );

  api.post(
    '/patients/:patientId/billing',
    {
      config: { access: 'billing:create' },
      schema: {
        tags: ['billing'],
        summary: 'Add a billing entry (CPT/HCPCS code, sessions, amount in dollars)',
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
        { ip: getRequestIp(request) },
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
        summary: 'Export the Billing History as CSV (audited)',
        params: ZPatientIdParams,
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportBillingCsv(
        db,
        requireActor(request),
        request.params.patientId,
        { ip: getRequestIp(request) },
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
        summary: 'Lienholder Dashboard: total billed and recent lines across linked patients',
        response: { 200: ZBillingSummary, ...errors },
      },
    },
    async (request) => getBillingSummary(db, requireActor(request)),
  );
}
