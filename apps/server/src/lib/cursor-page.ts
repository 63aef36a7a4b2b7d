import { asc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

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

/** A table a sync client pages through by its changes: `updated_at` and a unique `id`. */
type ChangedRows = { updatedAt: AnyColumn; id: AnyColumn };

/**
 * The conditions of an `updatedSince` page (docs/architecture.md, 'Sync-friendly reads'): rows
 * changed at or after `since`, and, from the second page, after the cursor's row in (updated_at,
 * id) order. `cursorRow` selects that row's `updated_at, id`, limited to what the reader may see
 * so that a cursor names only one of the reader's own rows (an unknown one selects nothing, and
 * the page is empty).
 */
export function changedSince(table: ChangedRows, since: string, cursorRow: SQL | null): SQL[] {
  const conditions = [sql`${table.updatedAt} >= ${since}::timestamptz`];
  if (cursorRow) conditions.push(sql`(${table.updatedAt}, ${table.id}) > (${cursorRow})`);
  return conditions;
}

/** The order of an `updatedSince` page: oldest change first, ties by id. */
export const changesOrder = (table: ChangedRows) => [asc(table.updatedAt), asc(table.id)] as const;
