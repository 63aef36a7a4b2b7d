import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import type { DocumentCategory } from '@casebridge/domain/constants';
import { canRecategorizeDocumentTo } from '@casebridge/domain/documents/document.policy';
import { DOCUMENT_MESSAGES, type TDocument } from '@casebridge/domain/documents/document.schemas';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { forbidden, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { DocumentNotFoundError } from '#src/modules/audit/refused-access.ts';
import { recordCorrection } from '#src/modules/history/record-history.service.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { lockVisibleDocument, updateDocument } from './documents.queries.ts';
import { toDocumentDto } from './documents.service.ts';

/** The version the actor saw, and the request the correction comes from. */
type Correction = RequestContext & { expected: number };

/**
 * The document the actor may correct, locked for the write and checked against the version the
 * actor saw. Outside the scope, hidden by its category, removed or missing: all 404 alike.
 */
async function lockForCorrection(tx: Db, actor: Actor, documentId: string, expected: number) {
  if (!isUuid(documentId)) throw new DocumentNotFoundError(documentId);
  const found = await lockVisibleDocument(tx, actor, getActorPatientScope(actor), documentId);
  if (!found) throw new DocumentNotFoundError(documentId);
  await assertVersion(found.document, expected, () => toDocumentDto(found));
  return found;
}

/**
 * Files a document under another category. The Intake rule follows at once: the list, preview,
 * download and notifications read the category in SQL, and the event names the categories before
 * and after, so everyone who could see the document in either receives it and refetches (an
 * attorney's open list drops a document moved to Intake). The file stays under its storage key:
 * the key only has to be unique.
 */
export async function recategorizeDocument(
  db: Db,
  actor: Actor,
  documentId: string,
  input: { category: DocumentCategory } & Correction,
): Promise<TDocument> {
  const { category, expected, ...context } = input;
  if (!canRecategorizeDocumentTo(actor, category))
    throw forbidden(DOCUMENT_MESSAGES.categoryNotAllowed(category));
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const found = await lockForCorrection(tx, actor, documentId, expected);
    const { document: before } = found;
    if (before.category === category)
      throw validationFailed(DOCUMENT_MESSAGES.sameCategory(category));
    const after = await updateDocument(tx, before.id, { category }, actor);
    await recordCorrection(change, {
      recordType: 'document',
      recordId: before.id,
      patientId: before.patientId,
      version: after.version,
      action: 'recategorized',
      changes: { category: { from: before.category, to: after.category } },
      actor,
      audit: {
        action: 'document_recategorized',
        details: `${before.fileName}: category ${before.category} → ${after.category}`,
      },
    });
    change.activity({
      patientId: before.patientId,
      kind: 'document',
      recordId: before.id,
      summary: ACTIVITY_SUMMARIES.documentRecategorized(
        before.fileName,
        before.category,
        after.category,
      ),
      actor,
    });
    change.publish({
      topic: 'document.changed',
      patientId: before.patientId,
      payload: { documentId: before.id, categories: [before.category, after.category] },
    });
    return toDocumentDto({ document: after, uploadedByName: found.uploadedByName });
  });
}

/**
 * Removes a wrongly uploaded document: the row and the file stay for the audit, and from now on
 * every list, count, preview, download and notification leaves it out, for everyone
 * (document-visibility.ts). The reason is required and kept with the row and its history.
 */
export async function removeDocument(
  db: Db,
  actor: Actor,
  documentId: string,
  input: { reason: string } & Correction,
): Promise<void> {
  const { reason, expected, ...context } = input;
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const { document: before } = await lockForCorrection(tx, actor, documentId, expected);
    const removedAt = new Date();
    const after = await updateDocument(tx, before.id, { removedAt, removalReason: reason }, actor);
    await recordCorrection(change, {
      recordType: 'document',
      recordId: before.id,
      patientId: before.patientId,
      version: after.version,
      action: 'removed',
      changes: { removed: { from: false, to: true } },
      reason,
      actor,
      audit: {
        action: 'document_removed',
        details: `${before.fileName} (${before.category}) removed: ${reason}`,
      },
    });
    change.publish({
      topic: 'document.changed',
      patientId: before.patientId,
      payload: { documentId: before.id, categories: [before.category] },
    });
  });
}
