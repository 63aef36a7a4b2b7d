import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../constants.ts';
import { canUploadDocuments, type PolicyActor } from '../patients/patient.policy.ts';

/**
 * Which categories a role may file documents under. Spec section 6 lets clinic and admin upload
 * documents and section 5 lists the categories without limiting any of them by role, so a role
 * that may upload may use every category, and other roles none.
 */
export function getUploadableDocumentCategories(
  actor: Pick<PolicyActor, 'role'>,
): readonly DocumentCategory[] {
  return canUploadDocuments(actor) ? DOCUMENT_CATEGORIES : [];
}

/**
 * Correcting a document (re-categorising it, removing it) follows the uploader's rule: the roles
 * that may upload, for a patient in their scope, and only into a category they may upload to.
 * The scope and whether the actor sees the document are the server's SQL (documents.queries.ts).
 */
export const canCorrectDocuments = (actor: Pick<PolicyActor, 'role'>) =>
  getUploadableDocumentCategories(actor).length > 0;

export const canRecategorizeDocumentTo = (
  actor: Pick<PolicyActor, 'role'>,
  category: DocumentCategory,
) => getUploadableDocumentCategories(actor).includes(category);
