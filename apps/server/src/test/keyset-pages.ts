import type { LightMyRequestResponse } from 'fastify';

type Cursor = string | number;
type Page<T> = { items: T[]; nextCursor: Cursor | null };

/**
 * Follows a keyset-paged list from its first page to the last (`nextCursor` null) and returns
 * every item in the order served, with how many pages it took. `fetchPage` gets the cursor to
 * put in the query string, or null for the first page.
 */
export async function collectPages<T>(
  fetchPage: (cursor: Cursor | null) => Promise<LightMyRequestResponse>,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let pages = 0;
  let cursor: Cursor | null = null;
  do {
    const response = await fetchPage(cursor);
    if (response.statusCode !== 200)
      throw new Error(`page ${pages + 1}: ${response.statusCode} ${response.body}`);
    const page: Page<T> = response.json();
    items.push(...page.items);
    pages += 1;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { items, pages };
}

/** `query` with `cursor=` appended when there is one. */
export function withCursor(query: string, cursor: Cursor | null): string {
  return cursor === null ? query : `${query}&cursor=${cursor}`;
}
