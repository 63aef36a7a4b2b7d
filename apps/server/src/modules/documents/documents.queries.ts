import { and, desc, eq } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@casebridge/domain/constants';
import type { PatientScope, PolicyActor } from '@casebridge/domain/patients/patient.policy';
import type { Db } from '#src/db/client.ts';
import { documents, patients, users } from '#src/db/schema/index.ts';
import type { InScopePatientId } from '#src/modules/patients/patient-access.ts';
import { patientScopeCondition } from '#src/modules/patients/patient-scope.ts';
import { documentVisibilityCondition } from './document-visibility.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert & { patientId: InScopePatientId };

const documentColumns = {
  document: documents,
  uploadedByName: users.name,
};

/** The patient's documents the actor may see, newest first; scope and category both in SQL. */
export async function listVisibleDocuments(
  db: Db,
  actor: Pick<PolicyActor, 'role'>,
  scope: PatientScope,
  patientId: InScopePatientId,
) {
  return db
    .select(documentColumns)
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .leftJoin(users, eq(users.id, documents.uploadedByUserId))
    .where(
      and(
        eq(documents.patientId, patientId),
        patientScopeCondition(scope),
        documentVisibilityCondition(actor),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

/** One document if the actor may see it; a hidden one is indistinguishable from a missing one. */
export async function findVisibleDocument(
  db: Db,
  actor: Pick<PolicyActor, 'role'>,
  scope: PatientScope,
  documentId: string,
) {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .leftJoin(users, eq(users.id, documents.uploadedByUserId))
    .where(
      and(
        eq(documents.id, documentId),
        patientScopeCondition(scope),
        documentVisibilityCondition(actor),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertDocument(db: Db, values: NewDocumentRow): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === 'string' && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}
