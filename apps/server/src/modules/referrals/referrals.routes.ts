import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  ZAcceptReferralRequest,
  ZAcceptReferralResponse,
  ZCreateReferralRequest,
  ZDeclineReferralRequest,
  ZListReferralsQuery,
  ZReferOnRequest,
  ZReferral,
  ZReferralIdParams,
  ZReferralPage,
  ZWithdrawReferralRequest,
} from '@casebridge/domain/referrals/referral.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import {
  acceptReferral,
  createReferral,
  declineReferral,
  getReferral,
  listActorReferrals,
  referPatientOn,
  withdrawReferral,
} from './referrals.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const TAGS = ['referrals'];
/** An answer's responses: the referral's next version, or why not (409 carries it as it is). */
const answerErrors = { ...errors, 409: staleWriteBody(ZReferral), 428: ZErrorBody };

/**
 * Referrals (docs/architecture/referrals.md): the organisation's received and sent referrals,
 * a firm's referral of a new client, a clinic's referral of a patient on, and the receiving
 * clinic's accept and decline, and the sender's withdrawal.
 */
export async function referralRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/referrals',
    {
      config: { access: 'referrals:read' },
      schema: {
        tags: TAGS,
        operationId: 'listReferrals',
        summary: 'List referrals',
        description:
          'The referrals the user’s clinic received (box=received, the queue) or its organisation sent (box=sent): pending first, then newest first',
        querystring: ZListReferralsQuery,
        response: { 200: ZReferralPage, ...errors },
      },
    },
    async (request) =>
      listActorReferrals(db, requireActor(request), request.query, requestContext(request)),
  );

  api.get(
    '/referrals/:referralId',
    {
      config: { access: 'referrals:read' },
      schema: {
        tags: TAGS,
        operationId: 'getReferral',
        summary: 'Get a referral',
        description: 'A referral the user’s organisation sent or received',
        params: ZReferralIdParams,
        response: { 200: ZReferral, ...errors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await getReferral(
          db,
          requireActor(request),
          request.params.referralId,
          requestContext(request),
        ),
      ),
  );

  api.post(
    '/referrals',
    {
      config: { access: 'referrals:create' },
      schema: {
        tags: TAGS,
        operationId: 'createReferral',
        summary: 'Refer a client to a clinic',
        description:
          'A firm’s attorneys refer a new client to any clinic of the directory; the clinic is told',
        body: ZCreateReferralRequest,
        response: { 201: ZReferral, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createReferral(
        db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      return reply.code(201).send(withEtag(reply, created));
    },
  );

  api.post(
    '/patients/:patientId/referrals',
    {
      config: { access: 'referrals:create' },
      schema: {
        tags: TAGS,
        operationId: 'referPatientOn',
        summary: 'Refer a patient on to another clinic',
        description:
          'One of the patient’s clinics refers the patient to another clinic (imaging, pain management), which joins the patient on acceptance',
        params: ZPatientIdParams,
        body: ZReferOnRequest,
        response: { 201: ZReferral, ...errors },
      },
    },
    async (request, reply) => {
      const created = await referPatientOn(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        requestContext(request),
      );
      return reply.code(201).send(withEtag(reply, created));
    },
  );

  api.post(
    '/referrals/:referralId/accept',
    {
      config: { access: 'referrals:respond' },
      schema: {
        tags: TAGS,
        operationId: 'acceptReferral',
        summary: 'Accept a referral',
        description:
          'The receiving clinic accepts a pending referral from its version: a new client becomes a patient (firm assigned, status Referred, intake today) unless attachToPatientId names the clinic’s own matching patient; a patient referred on is joined',
        params: ZReferralIdParams,
        body: ZAcceptReferralRequest,
        response: { 200: ZAcceptReferralResponse, ...answerErrors },
      },
    },
    async (request) =>
      acceptReferral(
        db,
        requireActor(request),
        request.params.referralId,
        {
          version: expectedVersion(request, request.body.version),
          attachToPatientId: request.body.attachToPatientId,
        },
        requestContext(request),
      ),
  );

  api.post(
    '/referrals/:referralId/decline',
    {
      config: { access: 'referrals:respond' },
      schema: {
        tags: TAGS,
        operationId: 'declineReferral',
        summary: 'Decline a referral',
        description:
          'The receiving clinic declines a pending referral with a reason the sender reads',
        params: ZReferralIdParams,
        body: ZDeclineReferralRequest,
        response: { 200: ZReferral, ...answerErrors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await declineReferral(
          db,
          requireActor(request),
          request.params.referralId,
          {
            version: expectedVersion(request, request.body.version),
            reason: request.body.reason,
          },
          requestContext(request),
        ),
      ),
  );

  api.post(
    '/referrals/:referralId/withdraw',
    {
      config: { access: 'referrals:create' },
      schema: {
        tags: TAGS,
        operationId: 'withdrawReferral',
        summary: 'Withdraw a referral',
        description: 'The organisation that sent a pending referral takes it back',
        params: ZReferralIdParams,
        body: ZWithdrawReferralRequest,
        response: { 200: ZReferral, ...answerErrors },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await withdrawReferral(
          db,
          requireActor(request),
          request.params.referralId,
          { version: expectedVersion(request, request.body.version) },
          requestContext(request),
        ),
      ),
  );
}
