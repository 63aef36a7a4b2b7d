import { apiFetch } from './api-client.ts';

/** A page of a list as every list answers it (domain common.schemas `cursorPage`). */
export type ListPage<TItem> = { items: TItem[]; nextCursor: string | null };

/**
 * Every page of a list a screen shows whole (a patient's documents, billing lines): the first
 * page, then each `nextCursor` in turn, as one answer with every item. A cursor the server gives
 * twice ends the loop rather than asking for the same page forever.
 */
export async function fetchAllPages<TPage extends ListPage<unknown>>(path: string): Promise<TPage> {
  const first = await apiFetch<TPage>(path);
  const items = [...first.items];
  const seen = new Set<string>();
  // Only a text cursor is followed: an answer without one holds the whole list.
  for (let cursor = first.nextCursor; typeof cursor === 'string' && !seen.has(cursor);) {
    seen.add(cursor);
    const separator = path.includes('?') ? '&' : '?';
    const page = await apiFetch<TPage>(`${path}${separator}cursor=${encodeURIComponent(cursor)}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  }
  return { ...first, items, nextCursor: null };
}
