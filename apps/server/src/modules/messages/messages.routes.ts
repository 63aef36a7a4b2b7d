import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZHistoryList } from '@casebridge/domain/history/record-history.schemas';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import {
  ZEditMessageRequest,
  ZListMessagesQuery,
  ZMarkMessagesReadRequest,
  ZMarkMessagesReadResponse,
  ZMessage,
  ZMessagePage,
  ZRetractMessageRequest,
  ZSendMessageRequest,
  ZSendMessageResponse,
} from '@casebridge/domain/messages/message.schemas';
import { ZRecordIdParam } from '@casebridge/domain/record-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { editMessage, listMessageHistory, retractMessage } from './message-corrections.service.ts';
import { listPatientMessages, markMessagesRead, sendMessage } from './messages.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const ZMessageParams = ZPatientIdParams.extend({ messageId: ZRecordIdParam });
const correctionResponses = {
  200: ZMessage,
  ...errors,
  409: staleWriteBody(ZMessage).or(ZErrorBody),
  428: ZErrorBody,
};

/** Team messages of a patient: only actors who may see the patient reach its thread. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/patients/:patientId/messages',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['messages'],
        operationId: 'listPatientMessages',
        summary: "List a patient's messages",
        description: "A page of the patient's team messages, newest first",
        params: ZPatientIdParams,
        querystring: ZListMessagesQuery,
        response: { 200: ZMessagePage, ...errors },
      },
    },
    async (request) =>
      listPatientMessages(
        db,
        requireActor(request),
        request.params.patientId,
        request.query,
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/messages',
    {
      config: { access: 'messages:send' },
      schema: {
        tags: ['messages'],
        operationId: 'sendPatientMessage',
        summary: 'Send a message',
        description: 'Send a team message; notifies the patient team and optionally e-mails it',
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
        { ...requestContext(request), log: request.log },
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
        summary: 'Mark messages read',
        description: 'Record that I read these messages (read receipts)',
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
        requestContext(request),
      ),
  );

  // The sender's corrections: every role may send, so the rule is 'your own message' (403 for
  // someone else's), checked by the service after the patient's scope (404 outside it).
  api.patch(
    '/patients/:patientId/messages/:messageId',
    {
      config: { access: 'messages:send' },
      schema: {
        tags: ['messages'],
        operationId: 'editPatientMessage',
        summary: 'Edit a message',
        description:
          'Edit my message within 15 minutes of sending, from the version named by If-Match or `version`',
        params: ZMessageParams,
        body: ZEditMessageRequest,
        response: correctionResponses,
      },
    },
    async (request, reply) => {
      const { patientId, messageId } = request.params;
      const message = await editMessage(db, requireActor(request), patientId, messageId, {
        ...requestContext(request),
        body: request.body.body,
        expected: expectedVersion(request, request.body.version),
      });
      return withEtag(reply, message);
    },
  );

  api.post(
    '/patients/:patientId/messages/:messageId/retract',
    {
      config: { access: 'messages:send' },
      schema: {
        tags: ['messages'],
        summary: 'Retract a message',
        description:
          'Retract my message: others see that it was retracted instead of its text (admins keep it)',
        params: ZMessageParams,
        body: ZRetractMessageRequest,
        response: correctionResponses,
      },
    },
    async (request, reply) => {
      const { patientId, messageId } = request.params;
      const message = await retractMessage(db, requireActor(request), patientId, messageId, {
        ...requestContext(request),
        expected: expectedVersion(request, request.body.version),
      });
      return withEtag(reply, message);
    },
  );

  api.get(
    '/patients/:patientId/messages/:messageId/history',
    {
      config: { access: 'admin:audit' },
      schema: {
        tags: ['messages'],
        summary: "Get a message's history",
        description: "A message's edits (old and new text) and retraction, for admins",
        params: ZMessageParams,
        response: { 200: ZHistoryList, ...errors },
      },
    },
    async (request) => {
      const { patientId, messageId } = request.params;
      return listMessageHistory(
        db,
        requireActor(request),
        patientId,
        messageId,
        requestContext(request),
      );
    },
  );
}
