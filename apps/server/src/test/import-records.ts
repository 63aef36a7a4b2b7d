import { and, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { importRecords } from '#src/db/schema/index.ts';

/** The CaseBridge id a source record of the legacy import went into (its import_records row). */
export async function getImportTarget(
  db: Db,
  collection: string,
  sourceId: string,
): Promise<string> {
  const [row] = await db
    .select({ targetId: importRecords.targetId })
    .from(importRecords)
    .where(and(eq(importRecords.collection, collection), eq(importRecords.sourceId, sourceId)));
  if (!row) throw new Error(`${collection}/${sourceId} was not imported`);
  return row.targetId;
}
