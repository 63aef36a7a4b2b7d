import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  ZListMessagesQuery,
  ZMarkMessagesReadRequest,
  ZMarkMessagesReadResponse,
  ZMessagePage,
  ZSendMessageRequest,
  ZSendMessageResponse,
} from '@casebridge/domain/messages/message.schemas';
import { getRequestIp } from '#src/lib/request-ip.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { listPatientMessages, markMessagesRead, sendMessage } from './messages.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Team messages of a patient: only actors who may see the patient reach its thread. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.ctx;

  api.get(
    '/patients/:patientId/messages',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['messages'],
        summary: "A page of the patient's team messages, newest first",
        params: ZPatientIdParams,
        querystring: ZListMessagesQuery,
        response: { 200: ZMessagePage, ...errors },
      },
    },
    async (request) =>
      listPatientMessages(db, requireActor(request), request.params.patientId, request.query, {
        ip: getRequestIp(request),
      }),
  );

  api.post(
    '/patients/:patientId/messages',
    {
      config: { access: 'messages:send' },
      schema: {
        tags: ['messages'],
        summary: 'Send a team message; notifies the patient team and optionally e-mails it',
        params: ZPatientIdParams,
        body: ZSendMessageRequest,
        response: { 201: ZSendMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await sendMessage(
        db,
        requireActor(request),
        request.params.patientId,
        request.body,
        { ip: getRequestIp(request), appUrl: env.appUrl, log: request.log },
      );
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/patients/:patientId/messages/read',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['messages'],
        summary: 'Record that I read these messages (read receipts)',
        params: ZPatientIdParams,
        body: ZMarkMessagesReadRequest,
        response: { 200: ZMarkMessagesReadResponse, ...errors },
      },
    },
    async (request) =>
      markMessagesRead(
        db,
        requireActor(request),
        request.params.patientId,
        request.body.messageIds,
      ),
  );
}
