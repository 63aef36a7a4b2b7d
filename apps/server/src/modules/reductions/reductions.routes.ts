import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZLienParams } from '@casebridge/domain/liens/lien-ledger.schemas';
import {
  ZReductionAnswerRequest,
  ZReductionHistory,
  ZReductionOfferParams,
  ZReductionOfferRequest,
} from '@casebridge/domain/liens/reduction.schemas';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  answerReduction,
  getReductionHistory,
  proposeReduction,
  type AnswerKind,
} from './reductions.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const writeResponses = { 200: ZReductionHistory, ...errors, 409: ZErrorBody };
const BASE = '/patients/:patientId/liens/:lienholderId/reductions';

const ANSWER_DOCS: Record<
  Exclude<AnswerKind, 'counter'>,
  { operationId: string; summary: string; description: string }
> = {
  accept: {
    operationId: 'acceptLienReduction',
    summary: 'Accept a reduction offer',
    description: 'Accept the open reduction offer: the reduced balance is locked',
  },
  reject: {
    operationId: 'rejectLienReduction',
    summary: 'Reject a reduction offer',
    description: 'Reject the open reduction offer: the round ends',
  },
  withdraw: {
    operationId: 'withdrawLienReduction',
    summary: 'Withdraw a reduction offer',
    description: 'Withdraw your own open reduction offer',
  },
};

export async function reductionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    BASE,
    {
      config: { access: 'liens:read' },
      schema: {
        tags: ['reductions'],
        operationId: 'listLienReductions',
        summary: "List a lien's reduction offers",
        description: "A lien's reduction offers (a clinic sees the accepted ones) and its figures",
        params: ZLienParams,
        response: { 200: ZReductionHistory, ...errors },
      },
    },
    async (request) =>
      getReductionHistory(db, requireActor(request), request.params, requestContext(request)),
  );

  api.post(
    BASE,
    {
      config: { access: 'reductions:negotiate' },
      schema: {
        tags: ['reductions'],
        operationId: 'proposeLienReduction',
        summary: 'Propose a reduction',
        description: 'Propose a reduction (an amount in dollars or a percentage): a new round',
        params: ZLienParams,
        body: ZReductionOfferRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      proposeReduction(
        db,
        requireActor(request),
        request.params,
        request.body,
        requestContext(request),
      ),
  );

  api.post(
    `${BASE}/:offerId/counter`,
    {
      config: { access: 'reductions:negotiate' },
      schema: {
        tags: ['reductions'],
        operationId: 'counterLienReduction',
        summary: 'Counter a reduction offer',
        description: 'Counter the open offer of the other side with a new offer in the same round',
        params: ZReductionOfferParams,
        body: ZReductionOfferRequest,
        response: writeResponses,
      },
    },
    async (request) =>
      answerReduction(
        db,
        requireActor(request),
        request.params,
        { kind: 'counter', note: request.body.note, counter: request.body },
        requestContext(request),
      ),
  );

  for (const kind of ['accept', 'reject', 'withdraw'] as const) {
    api.post(
      `${BASE}/:offerId/${kind}`,
      {
        config: { access: 'reductions:negotiate' },
        schema: {
          tags: ['reductions'],
          ...ANSWER_DOCS[kind],
          params: ZReductionOfferParams,
          body: ZReductionAnswerRequest,
          response: writeResponses,
        },
      },
      async (request) =>
        answerReduction(
          db,
          requireActor(request),
          request.params,
          { kind, note: request.body.note },
          requestContext(request),
        ),
    );
  }
}
