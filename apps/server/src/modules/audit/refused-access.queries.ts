import { eq } from 'drizzle-orm';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import { documents } from '#src/db/schema/index.ts';

/**
 * The patient of a document someone was refused, for the audit row only (never answered to the
 * caller): the attempt then shows in that patient's access history. Null for a missing id.
 */
export async function findDocumentPatientId(db: Db, documentId: string): Promise<string | null> {
  if (!isUuid(documentId)) return null;
  const [row] = await db
    .select({ patientId: documents.patientId })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.patientId ?? null;
}
