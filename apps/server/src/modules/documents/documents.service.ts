import { createHash, randomUUID } from 'node:crypto';
import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import {
  isPreviewableMimeType,
  isWithinUploadLimit,
  toDisplayFileName,
} from '@casebridge/domain/documents/document-types';
import { toStorageKey, toStoredFileName } from '@casebridge/domain/documents/document-naming';
import {
  DOCUMENT_MESSAGES,
  type TDocument,
  type TListDocumentsParsed,
} from '@casebridge/domain/documents/document.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { AppContext } from '#src/app-context.ts';
import type { Db } from '#src/db/client.ts';
import { documents } from '#src/db/schema/index.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, validationFailed } from '#src/lib/app-error.ts';
import { ensureCursorUnchanged, listCursorOf, toCursorPage } from '#src/lib/cursor-page.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { DocumentNotFoundError } from '#src/modules/audit/refused-access.ts';
import { listNotificationAudience } from '#src/modules/notifications/recipients.ts';
import { requirePatientInScope } from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { getSettings } from '#src/modules/settings/settings.service.ts';
import { encryptDocument } from '#src/storage/document-encryption.ts';
import { readDocumentFile } from './document-file.ts';
import type { DocumentDelivery } from './document-response.ts';
import type { ReceivedUpload } from './document-upload.ts';
import { detectDocumentMimeType } from './document-validation.ts';
import {
  findVisibleDocument,
  insertDocument,
  isDocumentCategory,
  listVisibleDocuments,
  type DocumentRow,
} from './documents.queries.ts';

export function toDocumentDto(row: {
  document: DocumentRow;
  uploadedByName: string | null;
}): TDocument {
  const { document } = row;
  return {
    id: document.id,
    patientId: document.patientId,
    fileName: document.fileName,
    category: document.category,
    mimeType: document.mimeType,
    sizeBytes: document.sizeBytes,
    uploadedByName: row.uploadedByName,
    createdAt: document.createdAt.toISOString(),
    isPreviewable: isPreviewableMimeType(document.mimeType),
    version: document.version,
    updatedAt: document.updatedAt.toISOString(),
    updatedByName: document.updatedByName,
  };
}

/** The documents list of a patient, audited as one row naming the documents it returned. */
export async function listDocuments(
  db: Db,
  actor: Actor,
  patientId: string,
  query: TListDocumentsParsed,
  request: RequestContext,
) {
  const patient = await requirePatientInScope(db, actor, patientId);
  const rows = await listVisibleDocuments(
    db,
    actor,
    getActorPatientScope(actor),
    patient.id,
    query,
  );
  if (query.updatedSince) await ensureCursorUnchanged(db, documents, query.cursor);
  const cursorOf = listCursorOf(query.updatedSince);
  const page = toCursorPage(rows, query.limit, (row) => cursorOf(row.document));
  await auditPatientRead(db, actor, {
    action: 'documents_listed',
    patientId: patient.id,
    listed: { label: 'documents', ids: page.items.map((row) => row.document.id) },
    details: query.updatedSince ? `updated since ${query.updatedSince}` : null,
    ip: request.ip,
  });
  return { items: page.items.map(toDocumentDto), nextCursor: page.nextCursor };
}

export async function getUploadLimits(db: Db) {
  const settings = await getSettings(db);
  return { maxUploadMb: settings.maxUploadMb };
}

/**
 * What an upload needs before its body is read: the patient (404 when out of scope, so nothing
 * is received for a patient the actor cannot see) and the current size limit.
 */
export async function prepareUpload(db: Db, actor: Actor, patientId: string) {
  const patient = await requirePatientInScope(db, actor, patientId);
  const { maxUploadMb } = await getUploadLimits(db);
  return { patient, maxUploadMb };
}

/** Checks a received upload against spec section 5 and the settings; throws the spec's message. */
async function validateUpload(upload: ReceivedUpload, maxUploadMb: number) {
  const { file } = upload;
  if (!file) throw validationFailed(DOCUMENT_MESSAGES.noFile);
  if (file.isTooLarge || !isWithinUploadLimit(file.data.length, maxUploadMb))
    throw new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_MESSAGES.tooLarge(maxUploadMb));
  if (file.data.length === 0) throw validationFailed(DOCUMENT_MESSAGES.noFile);
  if (!isDocumentCategory(upload.category))
    throw validationFailed(DOCUMENT_MESSAGES.categoryRequired);
  const fileName = toDisplayFileName(file.fileName);
  const mimeType = await detectDocumentMimeType(fileName, file.data);
  if (!mimeType)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      DOCUMENT_MESSAGES.invalidType(fileName || 'unnamed file'),
    );
  return { fileName, mimeType, category: upload.category, data: file.data };
}

/**
 * Stores an uploaded document. The file is written first, under a key that contains the new
 * row's id (so no other upload — same name, same millisecond, another instance — can claim it),
 * then the row, notifications, audit and event commit in one transaction. If that fails the
 * file is removed, so a committed row never points at a missing file; a crash in between leaves
 * at worst an orphan file. Writing first keeps the bytes out of the transaction. The file is encrypted under its own data key
 * before it leaves the process (ADR 0011); the SHA-256 is of the plaintext.
 */
export async function uploadDocument(
  context: Pick<AppContext, 'db' | 'storage' | 'documentKeys'>,
  actor: Actor,
  prepared: Awaited<ReturnType<typeof prepareUpload>>,
  upload: ReceivedUpload,
  request: RequestContext,
): Promise<TDocument> {
  const { db, storage, documentKeys } = context;
  const { patient } = prepared;
  const file = await validateUpload(upload, prepared.maxUploadMb);
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const documentId = randomUUID();
  const storedName = toStoredFileName(file.fileName);
  const storageKey = toStorageKey(patient.id, documentId);
  const encrypted = encryptDocument(documentKeys, documentId, file.data);
  try {
    await storage.put(storageKey, encrypted.data);
    const row = await inChange(db, { actor, context: request }, async (change) => {
      const { tx } = change;
      // The status (and the scope) may have changed while the body streamed in: who is told
      // about the document follows the patient as it is now, not as prepareUpload saw it.
      const current = await requirePatientInScope(tx, actor, patient.id);
      const inserted = await insertDocument(tx, {
        id: documentId,
        patientId: patient.id,
        category: file.category,
        fileName: file.fileName,
        storedName,
        storageKey,
        mimeType: file.mimeType,
        sizeBytes: file.data.length,
        sha256,
        uploadedByUserId: actor.userId,
        ...encrypted.columns,
      });
      change.audit({
        action: 'document_uploaded',
        patientId: patient.id,
        details: `${file.fileName} (${file.category}, ${file.data.length} bytes)`,
      });
      change.activity({
        patientId: patient.id,
        kind: 'document',
        recordId: inserted.id,
        summary: ACTIVITY_SUMMARIES.documentUploaded(file.fileName, file.category),
        actor,
      });
      const recipients = await listNotificationAudience(tx, {
        type: 'document_upload',
        actor,
        patient: current,
        category: file.category,
      });
      await change.notify(recipients, {
        type: 'document_upload',
        content: `New ${file.category} document for ${current.fullName}: ${file.fileName}`,
        patientId: patient.id,
        linkTo: `/patients/${patient.id}?tab=documents`,
        fromUserId: actor.userId,
        fromRole: actor.role,
        documentId: inserted.id,
      });
      change.publish({
        topic: 'document.created',
        patientId: patient.id,
        payload: { documentId: inserted.id, category: file.category },
      });
      return inserted;
    });
    return toDocumentDto({ document: row, uploadedByName: actor.name });
  } catch (error) {
    // The key is ours alone, so removing it can only remove this upload's bytes.
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * The bytes of a document the actor may see, decrypted and checked against the SHA-256 taken at
 * upload: a file changed on disk is refused rather than served. Every delivery is audited.
 */
export async function openDocument(
  context: Pick<AppContext, 'db' | 'storage' | 'documentKeys'>,
  actor: Actor,
  documentId: string,
  delivery: DocumentDelivery,
  request: RequestContext & { log: (message: string) => void },
) {
  const { db } = context;
  if (!isUuid(documentId)) throw new DocumentNotFoundError(documentId);
  const found = await findVisibleDocument(db, actor, getActorPatientScope(actor), documentId);
  if (!found) throw new DocumentNotFoundError(documentId);
  const { document } = found;
  if (delivery === 'preview' && !isPreviewableMimeType(document.mimeType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', DOCUMENT_MESSAGES.notPreviewable);

  const data = await readDocumentFile(context, document, request.log);
  await auditPatientRead(db, actor, {
    action: delivery === 'download' ? 'document_downloaded' : 'document_previewed',
    patientId: document.patientId,
    details: `${document.fileName} (${document.category})`,
    ip: request.ip,
  });
  return { document, data };
}
