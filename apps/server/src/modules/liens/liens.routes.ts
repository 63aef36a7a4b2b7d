import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZAgingQuery,
  ZAgingReport,
  ZLienParams,
  ZLienPayment,
  ZLienPaymentList,
  ZLienPaymentParams,
  ZPatientLiens,
  ZPortfolioExportQuery,
  ZPortfolioPage,
  ZPortfolioQuery,
  ZRecordLienPaymentRequest,
  ZVoidLienPaymentRequest,
} from '@casebridge/domain/liens/lien-ledger.schemas';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { csvResponse } from '#src/lib/openapi.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { toContentDisposition } from '#src/modules/documents/document-response.ts';
import { listPaymentsOfLien, recordLienPayment, voidLienPayment } from './lien-payments.service.ts';
import { listPatientLiens } from './liens.service.ts';
import { exportPortfolioCsv, getAgingReport, getPortfolioPage } from './portfolio.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export async function lienRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/liens',
    {
      config: { access: 'liens:read' },
      schema: {
        tags: ['liens'],
        summary: "Get a patient's lien ledger",
        description: "A patient's lien ledger: billed, paid, reduced and balance per lien (cents)",
        params: ZPatientIdParams,
        response: { 200: ZPatientLiens, ...errors },
      },
    },
    async (request) =>
      listPatientLiens(
        db,
        requireActor(request),
        request.params.patientId,
        requestContext(request),
      ),
  );

  api.get(
    '/patients/:patientId/liens/:lienholderId/payments',
    {
      config: { access: 'liens:read' },
      schema: {
        tags: ['liens'],
        operationId: 'listLienPayments',
        summary: "List a lien's payments",
        description: "A lien's payments, voided ones marked",
        params: ZLienParams,
        response: { 200: ZLienPaymentList, ...errors },
      },
    },
    async (request) =>
      listPaymentsOfLien(db, requireActor(request), request.params, requestContext(request)),
  );

  api.post(
    '/patients/:patientId/liens/:lienholderId/payments',
    {
      config: { access: 'liens:record-payment' },
      schema: {
        tags: ['liens'],
        operationId: 'recordLienPayment',
        summary: 'Record a lien payment',
        description: 'Record a payment received (the lienholder only, on its own lien)',
        params: ZLienParams,
        body: ZRecordLienPaymentRequest,
        response: { 201: ZLienPayment, ...errors },
      },
    },
    async (request, reply) => {
      const payment = await recordLienPayment(
        db,
        requireActor(request),
        request.params,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(payment);
    },
  );

  api.post(
    '/patients/:patientId/liens/:lienholderId/payments/:paymentId/void',
    {
      config: { access: 'liens:record-payment' },
      schema: {
        tags: ['liens'],
        summary: 'Void a lien payment',
        description: 'Void a payment with a reason: it stays listed, no balance counts it',
        params: ZLienPaymentParams,
        body: ZVoidLienPaymentRequest,
        response: { 200: ZLienPayment, ...errors, 409: ZErrorBody },
      },
    },
    async (request) =>
      voidLienPayment(
        db,
        requireActor(request),
        request.params,
        request.body.reason,
        requestContext(request),
      ),
  );

  api.get(
    '/liens/portfolio',
    {
      config: { access: 'liens:read' },
      schema: {
        tags: ['liens'],
        operationId: 'listLienPortfolio',
        summary: 'List the lien portfolio',
        description:
          "The lienholder's portfolio: one row per lien, searched, filtered, sorted, paged",
        querystring: ZPortfolioQuery,
        response: { 200: ZPortfolioPage, ...errors },
      },
    },
    async (request) =>
      getPortfolioPage(db, requireActor(request), request.query, requestContext(request)),
  );

  api.get(
    '/liens/portfolio.csv',
    {
      config: { access: 'liens:read' },
      schema: {
        tags: ['liens'],
        operationId: 'exportLienPortfolioCsv',
        summary: 'Export the lien portfolio as CSV',
        description: 'The whole portfolio as CSV (audited)',
        querystring: ZPortfolioExportQuery,
        response: { 200: csvResponse('The portfolio as a CSV attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportPortfolioCsv(
        db,
        requireActor(request),
        request.query,
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
    '/liens/aging',
    {
      config: { access: 'liens:read' },
      schema: {
        tags: ['liens'],
        summary: 'Get the portfolio aging',
        description: 'The portfolio balance by months since intake',
        querystring: ZAgingQuery,
        response: { 200: ZAgingReport, ...errors },
      },
    },
    async (request) =>
      getAgingReport(db, requireActor(request), request.query, requestContext(request)),
  );
}
