import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BYTES_PER_MB,
  DOCUMENT_ACCEPT,
  PREVIEWABLE_MIME_TYPES,
} from '@casebridge/domain/documents/document-types';
import {
  ZDocument,
  ZDocumentList,
  ZListDocumentsQuery,
  ZRecategorizeDocumentRequest,
  ZRemoveDocumentRequest,
  ZUploadLimits,
} from '@casebridge/domain/documents/document.schemas';
import { UPLOAD_LIMIT_MB } from '@casebridge/domain/constants';
import { ZErrorBody } from '@casebridge/domain/errors';
import { ZPatientIdParams } from '@casebridge/domain/patients/patient-id';
import { ZRecordIdParam } from '@casebridge/domain/record-id';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { DOCUMENT_MEDIA_TYPES, fileResponse } from '#src/lib/openapi.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { recategorizeDocument, removeDocument } from './document-corrections.service.ts';
import { sendDocument, type DocumentDelivery } from './document-response.ts';
import { receiveUpload } from './document-upload.ts';
import {
  getUploadLimits,
  listDocuments,
  openDocument,
  prepareUpload,
  uploadDocument,
} from './documents.service.ts';

const ZDocumentParams = z.object({ documentId: ZRecordIdParam });
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const versionErrors = { 409: staleWriteBody(ZDocument), 428: ZErrorBody };

/**
 * Documents of a patient: upload (clinic, admin), list, authorized preview and download, and the
 * corrections the uploading roles make (re-categorise, remove).
 */
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // Registered here so only these routes parse multipart. The per-request limit comes from the
  // settings; this is the ceiling the settings themselves cannot exceed.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_LIMIT_MB.max * BYTES_PER_MB, files: 1, fields: 4, parts: 5 },
  });

  api.get(
    '/documents/upload-limits',
    {
      config: { access: 'documents:upload' },
      schema: {
        tags: ['documents'],
        summary: 'Get the upload limits',
        description: 'The maximum size per file and the accepted file types',
        response: { 200: ZUploadLimits, ...errors },
      },
    },
    async () => ({ ...(await getUploadLimits(db)), accept: DOCUMENT_ACCEPT }),
  );

  api.get(
    '/patients/:patientId/documents',
    {
      config: { access: 'patients:read' },
      schema: {
        tags: ['documents'],
        operationId: 'listPatientDocuments',
        summary: "List a patient's documents",
        description: 'The documents of a patient that the user may see (Intake per spec section 6)',
        params: ZPatientIdParams,
        querystring: ZListDocumentsQuery,
        response: { 200: ZDocumentList, ...errors },
      },
    },
    async (request) =>
      listDocuments(
        db,
        requireActor(request),
        request.params.patientId,
        request.query,
        requestContext(request),
      ),
  );

  api.post(
    '/patients/:patientId/documents',
    {
      config: { access: 'documents:upload' },
      schema: {
        tags: ['documents'],
        operationId: 'uploadPatientDocument',
        summary: 'Upload a document',
        description: 'Upload one document (multipart: category, then file)',
        consumes: ['multipart/form-data'],
        params: ZPatientIdParams,
        response: { 201: ZDocument, 413: ZErrorBody, 415: ZErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // Settings are read per request: an admin's new limit applies to the next upload.
      const prepared = await prepareUpload(db, actor, request.params.patientId);
      const upload = await receiveUpload(request, prepared.maxUploadMb * BYTES_PER_MB);
      const document = await uploadDocument(
        app.ctx,
        actor,
        prepared,
        upload,
        requestContext(request),
      );
      return reply.status(201).send(document);
    },
  );

  // Correcting a document follows the uploader's rule (domain document.policy.ts): the roles
  // that may upload, for a patient in scope.
  api.patch(
    '/documents/:documentId/category',
    {
      config: { access: 'documents:upload' },
      schema: {
        tags: ['documents'],
        summary: 'Re-categorise a document',
        description:
          'File a document under another category, from the version named by If-Match or `version`',
        params: ZDocumentParams,
        body: ZRecategorizeDocumentRequest,
        response: { 200: ZDocument, ...errors, ...versionErrors },
      },
    },
    async (request, reply) => {
      const document = await recategorizeDocument(
        db,
        requireActor(request),
        request.params.documentId,
        {
          ...requestContext(request),
          category: request.body.category,
          expected: expectedVersion(request, request.body.version),
        },
      );
      return withEtag(reply, document);
    },
  );

  api.post(
    '/documents/:documentId/remove',
    {
      config: { access: 'documents:upload' },
      schema: {
        tags: ['documents'],
        summary: 'Remove a document',
        description:
          'Remove a document with a reason: kept for the audit, hidden from every list and download',
        params: ZDocumentParams,
        body: ZRemoveDocumentRequest,
        response: { 204: z.null(), ...errors, ...versionErrors },
      },
    },
    async (request, reply) => {
      await removeDocument(db, requireActor(request), request.params.documentId, {
        ...requestContext(request),
        reason: request.body.reason,
        expected: expectedVersion(request, request.body.version),
      });
      return reply.status(204).send(null);
    },
  );

  for (const delivery of ['download', 'preview'] as const satisfies DocumentDelivery[]) {
    api.get(
      `/documents/:documentId/${delivery}`,
      {
        config: { access: 'patients:read' },
        schema: {
          tags: ['documents'],
          operationId: delivery === 'download' ? 'downloadDocument' : 'previewDocument',
          summary: delivery === 'download' ? 'Download a document' : 'Preview a document',
          description:
            delivery === 'download'
              ? 'The stored file, as an attachment (checked against its SHA-256, audited)'
              : 'A PDF, image or text document shown inline (sandboxed, audited)',
          params: ZDocumentParams,
          response: {
            200: fileResponse(
              delivery === 'download' ? 'The file, as an attachment' : 'The file, inline',
              delivery === 'download' ? DOCUMENT_MEDIA_TYPES : PREVIEWABLE_MIME_TYPES,
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { document, data } = await openDocument(
          app.ctx,
          requireActor(request),
          request.params.documentId,
          delivery,
          { ...requestContext(request), log: (message) => request.log.error(message) },
        );
        return sendDocument(reply, delivery, document, data);
      },
    );
  }
}
