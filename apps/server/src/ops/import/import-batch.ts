import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '#src/db/client.ts';
import type { ImportRun, Outcome, Recorded } from './import-run.ts';
import type { LegacyCollection, LegacyDocument } from './legacy-export.schema.ts';

/** Source records planned, written and recorded together: one multi-row insert per table. */
export const IMPORT_CHUNK_SIZE = 500;

/** PostgreSQL takes at most 65,535 parameters in one statement; stay well under it. */
const MAX_PARAMETERS = 30_000;

/** Rows for one table, in the order the tables must be written (references point backwards). */
export type PlannedRows = { table: PgTable; rows: Record<string, unknown>[] };

/** What a record becomes: its outcome, and for a created record the rows that make it. */
export type Plan = { outcome: Outcome; rows?: PlannedRows[] };

export const planSkip = (reason: string): Plan => ({ outcome: { kind: 'skipped', reason } });

export type Screened<T> = { sourceId: string; data: Record<string, unknown>; value: T };

export type BatchSteps<T> = {
  /** Loads, in a few queries, what planning the chunk's records needs (matches, say). */
  prepare?(records: Screened<T>[]): Promise<void>;
  /** Decides a record without writing: what it matches, or the rows it creates. */
  plan(record: Screened<T>): Promise<Plan> | Plan;
  /** Makes the record's ids resolvable for the records that name it. */
  register?(value: T, targetId: string, sourceId: string): void;
};

/**
 * Imports a collection in chunks: every record of a chunk is screened and planned, then the
 * chunk's rows go in one multi-row insert per table and its import_records in one more, in a
 * savepoint. When the database refuses the chunk, it is written again record by record, each in
 * its own savepoint, so only the records it refuses are skipped, as before batching.
 */
export async function importBatch<T>(
  run: ImportRun,
  collection: LegacyCollection,
  documents: LegacyDocument[],
  schema: z.ZodType<T, unknown>,
  steps: BatchSteps<T>,
): Promise<void> {
  for (let start = 0; start < documents.length; start += IMPORT_CHUNK_SIZE) {
    const chunk = documents.slice(start, start + IMPORT_CHUNK_SIZE);
    const screened = chunk
      .map((document) => run.screen(collection, document, schema, steps.register))
      .filter((record): record is Screened<T> => record !== null);
    await steps.prepare?.(screened);
    const planned: { record: Screened<T>; plan: Plan }[] = [];
    for (const record of screened) {
      const plan = await steps.plan(record);
      if (plan.outcome.kind === 'skipped')
        run.skip(collection, record.sourceId, plan.outcome.reason);
      else planned.push({ record, plan });
    }
    const written = await writeChunk(run, collection, planned);
    for (const { record, outcome } of written) {
      run.count(collection, record.sourceId, outcome);
      steps.register?.(record.value, outcome.targetId, record.sourceId);
    }
    run.options.onProgress?.(collection, Math.min(start + chunk.length, documents.length), {
      total: documents.length,
    });
  }
}

type Written<T> = { record: Screened<T>; outcome: Recorded };

async function writeChunk<T>(
  run: ImportRun,
  collection: LegacyCollection,
  planned: { record: Screened<T>; plan: Plan }[],
): Promise<Written<T>[]> {
  const recorded = planned.map(({ record, plan }) => ({
    record,
    plan,
    outcome: plan.outcome as Recorded,
  }));
  if (recorded.length === 0) return [];
  try {
    await run.tx.transaction(async (savepoint) => {
      await insertRows(
        savepoint,
        recorded.flatMap(({ plan }) => plan.rows ?? []),
      );
      await run.recordImports(savepoint, collection, recorded);
    });
    return recorded;
  } catch {
    // One record the database refuses (a constraint, a value out of range) must not cost the
    // others: write them one by one and skip only the refused ones.
    const written: Written<T>[] = [];
    for (const entry of recorded) {
      try {
        await run.tx.transaction(async (savepoint) => {
          await insertRows(savepoint, entry.plan.rows ?? []);
          await run.recordImports(savepoint, collection, [entry]);
        });
        written.push(entry);
      } catch (error) {
        run.skip(
          collection,
          entry.record.sourceId,
          `refused by the database: ${describeDatabaseError(error)}`,
        );
      }
    }
    return written;
  }
}

/** The rows of several records, one insert per table (split to stay under the parameter limit). */
async function insertRows(db: Db, planned: PlannedRows[]): Promise<void> {
  const byTable = new Map<PgTable, Record<string, unknown>[]>();
  for (const { table, rows } of planned) {
    const list = byTable.get(table) ?? [];
    if (!byTable.has(table)) byTable.set(table, list);
    list.push(...rows);
  }
  for (const [table, rows] of byTable) {
    const columns = Math.max(1, ...rows.map((row) => Object.keys(row).length));
    const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
    for (let start = 0; start < rows.length; start += size)
      // The rows were built for this table by the planner; drizzle's row type per table cannot
      // be named for a table chosen at run time.
      await db.insert(table).values(rows.slice(start, start + size) as never);
  }
}

export function describeDatabaseError(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
