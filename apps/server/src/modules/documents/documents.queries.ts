import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@casebridge/domain/constants';
import type { PatientScope, PolicyActor } from '@casebridge/domain/patients/patient.policy';
import type { Db } from '#src/db/client.ts';
import { documents, patients, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { TListDocumentsParsed } from '@casebridge/domain/documents/document.schemas';
import { changedSince, changesOrder, cursorId } from '#src/lib/cursor-page.ts';
import { nextVersion } from '#src/lib/versioning.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import { patientScopeCondition } from '#src/modules/patients/patient-scope.ts';
import { documentVisibilityCondition } from './document-visibility.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert & { patientId: InScopePatientId };

const documentColumns = {
  document: documents,
  uploadedByName: users.name,
};

/** Documents matching `condition` that the actor may see: scope and category both in SQL. */
function selectVisibleDocuments(
  db: Db,
  actor: Pick<PolicyActor, 'role'>,
  scope: PatientScope,
  condition: SQL,
) {
  return db
    .select(documentColumns)
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .leftJoin(users, eq(users.id, documents.uploadedByUserId))
    .where(and(condition, patientScopeCondition(scope), documentVisibilityCondition(actor)))
    .$dynamic();
}

/**
 * A page of the patient's documents the actor may see, newest first after the `cursor` document,
 * or, with `updatedSince`, oldest change first; one row more than the page.
 */
export async function listVisibleDocuments(
  db: Db,
  actor: Pick<PolicyActor, 'role'>,
  scope: PatientScope,
  patientId: InScopePatientId,
  page: Pick<TListDocumentsParsed, 'cursor' | 'limit' | 'updatedSince'>,
) {
  const ofPatient = eq(documents.patientId, patientId);
  // The cursor's row, among the patient's documents only.
  const cursorRow = (columns: SQL, condition: SQL) =>
    sql`select ${columns} from ${documents} c where ${condition} and c.patient_id = ${patientId}`;
  if (page.updatedSince) {
    const since = changedSince(documents, page.updatedSince, page.cursor, (condition) =>
      cursorRow(sql`c.updated_at, c.id`, condition),
    );
    return selectVisibleDocuments(db, actor, scope, and(ofPatient, ...since)!)
      .orderBy(...changesOrder(documents))
      .limit(page.limit + 1);
  }
  const after = page.cursor
    ? sql`(${documents.createdAt}, ${documents.id}) < (${cursorRow(sql`c.created_at, c.id`, sql`c.id = ${cursorId(page.cursor)}`)})`
    : undefined;
  return selectVisibleDocuments(db, actor, scope, and(ofPatient, after)!)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(page.limit + 1);
}

/** One document if the actor may see it; a hidden one is indistinguishable from a missing one. */
export async function findVisibleDocument(
  db: Db,
  actor: Pick<PolicyActor, 'role'>,
  scope: PatientScope,
  documentId: string,
) {
  const [row] = await selectVisibleDocuments(db, actor, scope, eq(documents.id, documentId));
  return row ?? null;
}

/**
 * The same document, its row locked until the write's transaction ends (the version check's
 * read): a correction sees the document exactly as it will change it.
 */
export async function lockVisibleDocument(
  db: Db,
  actor: Pick<PolicyActor, 'role'>,
  scope: PatientScope,
  documentId: string,
) {
  const [row] = await selectVisibleDocuments(db, actor, scope, eq(documents.id, documentId)).for(
    'update',
    { of: documents },
  );
  return row ?? null;
}

/** Sets a correction (a new category, or the removal) as the document's next version. */
export async function updateDocument(
  db: Db,
  documentId: string,
  values: Pick<DocumentRow, 'category'> | Pick<DocumentRow, 'removedAt' | 'removalReason'>,
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<DocumentRow> {
  const [row] = await db
    .update(documents)
    .set({ ...values, ...nextVersion(documents, actor) })
    .where(eq(documents.id, documentId))
    .returning();
  if (!row) throw new Error(`document ${documentId} update returned nothing`);
  return row;
}

export async function insertDocument(db: Db, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === 'string' && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}
