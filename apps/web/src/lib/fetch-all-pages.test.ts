import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRequest } from '#src/test/fake-api.ts';
import { fetchAllPages, type ListPage } from './fetch-all-pages.ts';

/** Three pages of two: cursor 'c2' then 'c4', the last page without a next cursor. */
function threePages({ query }: FakeRequest) {
  const start = Number(query.get('cursor')?.slice(1) ?? 0);
  const items = [start + 1, start + 2].filter((n) => n <= 5);
  return { items, nextCursor: start + 2 < 5 ? `c${start + 2}` : null, totalCents: 7 };
}

describe('fetchAllPages', () => {
  it('follows nextCursor to the last page and answers every item with the first page’s extras', async () => {
    const api = installFakeApi({ 'GET /patients/p1/billing': threePages });
    const all = await fetchAllPages<ListPage<number> & { totalCents: number }>(
      '/patients/p1/billing',
    );
    expect(all).toEqual({ items: [1, 2, 3, 4, 5], nextCursor: null, totalCents: 7 });
    expect(api.calls.map((call) => call.url)).toEqual([
      '/patients/p1/billing',
      '/patients/p1/billing?cursor=c2',
      '/patients/p1/billing?cursor=c4',
    ]);
  });

  it('stops when the server gives the same cursor again', async () => {
    const api = installFakeApi({
      'GET /patients/p1/documents': { items: ['a'], nextCursor: 'same' },
    });
    const all = await fetchAllPages<ListPage<string>>('/patients/p1/documents');
    expect(all.items).toEqual(['a', 'a']);
    expect(api.calls).toHaveLength(2);
  });
});
