import { count } from 'drizzle-orm';
import type { Subquery } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';

/** A select whose rows are to be counted; its columns do not matter. */
type Countable = { limit(limit: number): { as(alias: string): Subquery } };

/**
 * Counts the rows of `rows` but stops at `cap` (a counter beside a list must not read
 * every matching row on each request). The database reads at most `cap + 1` rows, so the cost is
 * the same in an organisation of any size; past the cap the screen says '1000+'.
 */
export async function countUpTo(
  db: Db,
  rows: Countable,
  cap: number,
): Promise<{ total: number; isTotalCapped: boolean }> {
  const [row] = await selectBoundedCount(db, rows, cap);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, cap), isTotalCapped: n > cap };
}

/** The query countUpTo runs (its plan is checked in list-plans.integration.test.ts). */
export function selectBoundedCount(db: Db, rows: Countable, cap: number) {
  return db.select({ n: count() }).from(rows.limit(cap + 1).as('bounded'));
}
