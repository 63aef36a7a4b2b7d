import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCloseCaseRequest,
  ZClosing,
  ZConfirmPayoffRequest,
  ZDisburseRequest,
  ZDisputePayoffRequest,
  ZPayoffInbox,
  ZPayoffParams,
  ZProposePayoffRequest,
  ZRecordSettlementRequest,
} from '@casebridge/domain/closing/closing.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZLienParams } from '@casebridge/domain/liens/lien-ledger.schemas';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { fileResponse } from '#src/lib/openapi.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion } from '#src/lib/versioning.ts';
import { toContentDisposition } from '#src/modules/documents/document-response.ts';
import {
  advanceClosing,
  answerPayoffAs,
  getClosing,
  getDisbursementStatement,
  listPayoffInbox,
  markBillFinal,
  proposePayoff,
  recordSettlement,
} from './closing.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const writeErrors = { ...errors, 409: ZErrorBody };
const tags = ['closing'];
/** A 409: a stale version carries the closing as it is; a step out of order does not. */
const conflictBody = ZErrorBody.extend({ current: ZClosing.optional() });

/** A generated PDF as a download nobody caches. */
function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', toContentDisposition('download', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Settlement, payoffs, final bills, the statement and closing (closing-the-case.md). */
export async function closingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/closing',
    {
      config: { access: 'liens:read' },
      schema: {
        tags,
        summary: 'Get the closing of a case',
        description:
          'The legal stage, the liens the caller sees with their payoffs, the final bills, and for the firm and administrators the settlement, its history and the statement’s figures (cents)',
        params: ZPatientIdParams,
        response: { 200: ZClosing, ...errors },
      },
    },
    async (request) =>
      getClosing(db, requireActor(request), request.params.patientId, requestContext(request)),
  );

  api.put(
    '/patients/:patientId/closing/settlement',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags,
        summary: 'Record or edit the settlement',
        description:
          'The firm’s attorneys: gross, date, source, fee and costs. The first save moves the case to Settled; later ones name the version (If-Match)',
        params: ZPatientIdParams,
        body: ZRecordSettlementRequest,
        response: { 200: ZClosing, ...errors, 409: staleWriteBody(ZClosing), 428: ZErrorBody },
      },
    },
    async (request) => {
      const hasVersion =
        request.body.version !== undefined || request.headers['if-match'] !== undefined;
      return recordSettlement(
        db,
        requireActor(request),
        request.params.patientId,
        {
          ...request.body,
          expectedVersion: hasVersion ? expectedVersion(request, request.body.version) : undefined,
        },
        requestContext(request),
      );
    },
  );

  api.post(
    '/patients/:patientId/liens/:lienholderId/payoffs',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags,
        summary: 'Propose a lien’s final payoff',
        description:
          'The firm’s attorneys propose the final payoff (dollars; 0 asks for a waiver) to the lienholder',
        params: ZLienParams,
        body: ZProposePayoffRequest,
        response: { 200: ZClosing, ...writeErrors },
      },
    },
    async (request) =>
      proposePayoff(
        db,
        requireActor(request),
        request.params,
        { amount: request.body.amount, note: request.body.note },
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/liens/:lienholderId/payoffs/:payoffId/confirm',
    {
      config: { access: 'liens:record-payment' },
      schema: {
        tags,
        summary: 'Confirm a payoff',
        description:
          'The lien’s lienholder confirms the payoff: a payment of its amount is recorded on the lien',
        params: ZPayoffParams,
        body: ZConfirmPayoffRequest,
        response: { 200: ZClosing, ...writeErrors },
      },
    },
    async (request) =>
      answerPayoffAs(
        db,
        requireActor(request),
        request.params,
        {
          step: 'confirmed',
          paidOn: request.body.paidOn,
          reference: request.body.reference ?? null,
        },
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/liens/:lienholderId/payoffs/:payoffId/dispute',
    {
      config: { access: 'liens:record-payment' },
      schema: {
        tags,
        summary: 'Dispute a payoff',
        description: 'The lien’s lienholder disputes the payoff with a reason',
        params: ZPayoffParams,
        body: ZDisputePayoffRequest,
        response: { 200: ZClosing, ...writeErrors },
      },
    },
    async (request) =>
      answerPayoffAs(
        db,
        requireActor(request),
        request.params,
        { step: 'disputed', reason: request.body.reason },
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/liens/:lienholderId/payoffs/:payoffId/withdraw',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags,
        summary: 'Withdraw a payoff proposal',
        description: 'The firm’s attorneys withdraw a proposal the lienholder has not answered',
        params: ZPayoffParams,
        response: { 200: ZClosing, ...writeErrors },
      },
    },
    async (request) =>
      answerPayoffAs(
        db,
        requireActor(request),
        request.params,
        { step: 'withdrawn' },
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/closing/disburse',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags,
        summary: 'Mark the funds disbursed',
        description:
          'The firm’s attorneys, once every lien is paid or its payoff confirmed: the case moves to Disbursed (If-Match: the settlement’s version)',
        params: ZPatientIdParams,
        body: ZDisburseRequest,
        response: { 200: ZClosing, ...errors, 409: conflictBody, 428: ZErrorBody },
      },
    },
    async (request) =>
      advanceClosing(
        db,
        requireActor(request),
        request.params.patientId,
        { step: 'disburse', disbursedOn: request.body.disbursedOn },
        expectedVersion(request, request.body.version),
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/closing/close',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags,
        summary: 'Close the case',
        description:
          'The firm’s attorneys close a disbursed case: it leaves the active patient lists (If-Match: the settlement’s version)',
        params: ZPatientIdParams,
        body: ZCloseCaseRequest,
        response: { 200: ZClosing, ...errors, 409: conflictBody, 428: ZErrorBody },
      },
    },
    async (request) =>
      advanceClosing(
        db,
        requireActor(request),
        request.params.patientId,
        { step: 'close' },
        expectedVersion(request, request.body.version),
        requestContext(request),
      ),
  );

  api.put(
    '/patients/:patientId/bill-final',
    {
      config: { access: 'billing:create' },
      schema: {
        tags,
        summary: 'Mark the clinic’s bill final',
        description:
          'A clinic of the patient marks its bill final at discharge; its later lines need a correction reason',
        params: ZPatientIdParams,
        response: { 200: ZClosing, ...errors },
      },
    },
    async (request) =>
      markBillFinal(db, requireActor(request), request.params.patientId, requestContext(request)),
  );

  api.get(
    '/patients/:patientId/disbursement-statement.pdf',
    {
      config: { access: 'settlements:manage' },
      schema: {
        tags,
        summary: 'Download the disbursement statement',
        description:
          'The firm’s attorneys: one page with gross, fee, costs, each lien’s final payoff, net to the client and the dates (audited)',
        params: ZPatientIdParams,
        response: {
          200: fileResponse('The statement as a PDF attachment', ['application/pdf']),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await getDisbursementStatement(
        db,
        requireActor(request),
        request.params.patientId,
        requestContext(request),
      );
      return sendPdf(reply, fileName, pdf);
    },
  );

  api.get(
    '/payoffs/inbox',
    {
      config: { access: 'liens:read' },
      schema: {
        tags,
        summary: 'List payoffs awaiting an answer',
        description:
          'The payoffs awaiting their lienholder on the patients the caller sees (a lienholder: its own), oldest first',
        querystring: z.object({}),
        response: { 200: ZPayoffInbox, ...errors },
      },
    },
    async (request) => listPayoffInbox(db, requireActor(request), requestContext(request)),
  );
}
