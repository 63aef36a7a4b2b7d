import { asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CURSOR_CHANGED, CURSOR_INVALID } from '@casebridge/domain/common.schemas';
import type { Db } from '#src/db/client.ts';
import { AppError } from './app-error.ts';

/**
 * A page of at most `limit` items from `rows`, read one row more than the page to know whether
 * another follows: the envelope every list answers with (domain common.schemas `cursorPage`).
 */
export function toCursorPage<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (item: T) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** A table a sync client pages through by its changes: `updated_at`, a unique `id`, a `version`. */
type ChangedRows = { updatedAt: AnyColumn; id: AnyColumn; version: AnyColumn };

/**
 * The cursor of an `updatedSince` page: the last row's id and the version it was served at
 * (`<id>:<version>`). The row's place in (updated_at, id) order moves when it changes again, so
 * the next page must know the place the client saw, not the row's place now.
 */
const changeCursorOf = (row: { id: string; version: number }) => `${row.id}:${row.version}`;

/**
 * How a list names the last row of its page: by id, or on an `updatedSince` page by id and the
 * version served (`changeCursorOf`).
 */
export const listCursorOf = (updatedSince: string | undefined) =>
  updatedSince ? changeCursorOf : (row: { id: string; version: number }) => row.id;

/** The id of a list's cursor, with or without the version an `updatedSince` page adds. */
export const cursorId = (cursor: string) => cursor.split(':')[0]!;

function parseChangeCursor(cursor: string): { id: string; version: number } {
  const [id, version] = cursor.split(':');
  if (!id || !version || !/^\d{1,9}$/.test(version))
    throw new AppError('VALIDATION_FAILED', `cursor: ${CURSOR_INVALID}`);
  return { id, version: Number(version) };
}

/**
 * The conditions of an `updatedSince` page (docs/architecture.md, 'Sync-friendly reads'): rows
 * changed at or after `since`, and, from the second page, after the cursor's row in (updated_at,
 * id) order. `cursorRow(condition)` selects that row's `updated_at, id` from alias `c` where
 * `condition` (its id and served version) holds, limited to what the reader may see.
 */
export function changedSince(
  table: ChangedRows,
  since: string,
  cursor: string | null | undefined,
  cursorRow: (condition: SQL) => SQL,
): SQL[] {
  const conditions = [sql`${table.updatedAt} >= ${since}::timestamptz`];
  if (cursor) {
    const { id, version } = parseChangeCursor(cursor);
    conditions.push(
      sql`(${table.updatedAt}, ${table.id}) > (${cursorRow(sql`c.id = ${id} and c.version = ${version}`)})`,
    );
  }
  return conditions;
}

/**
 * After an `updatedSince` page was read: refuses the page when the cursor's row has changed since
 * it was served (its version moved on), since the page then started from the row's new place and
 * may have skipped rows. The client starts again from its mark; nothing is lost. Checked after the
 * read: versions only grow, so a row unchanged now was unchanged when the page was read.
 */
export async function ensureCursorUnchanged(
  db: Db,
  table: PgTable & ChangedRows,
  cursor: string | null | undefined,
): Promise<void> {
  if (!cursor) return;
  const { id, version } = parseChangeCursor(cursor);
  const [row] = await db
    .select({ version: sql<number>`${table.version}` })
    .from(table)
    .where(eq(table.id, id));
  if (!row || Number(row.version) !== version)
    throw new AppError('VALIDATION_FAILED', `cursor: ${CURSOR_CHANGED}`);
}

/** The order of an `updatedSince` page: oldest change first, ties by id. */
export const changesOrder = (table: ChangedRows) => [asc(table.updatedAt), asc(table.id)] as const;
