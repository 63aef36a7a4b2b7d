/**
 * The first row of a query that must return one: an insert or update `returning` a row, or a
 * row read after it was locked. A missing row then means a broken assumption, so it fails here
 * with what was expected instead of as a TypeError further on (which a `row!` would give).
 */
export function firstOrThrow<T>(rows: readonly T[], expected: string): T {
  const [first] = rows;
  if (first === undefined) throw new Error(`Expected ${expected}, but the query returned no rows`);
  return first;
}
