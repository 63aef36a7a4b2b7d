import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * ORDER BY a column newest first the way its index stores it. drizzle-kit writes a `.desc()`
 * index column as DESC NULLS LAST, while PostgreSQL's plain DESC means NULLS FIRST; an index of
 * the other null order cannot hand the rows over in order, so the plan reads them all and sorts.
 * The columns paged this way are NOT NULL, so the order of the rows is the same.
 */
export function descNullsLast(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}
