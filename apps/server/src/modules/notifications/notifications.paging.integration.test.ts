import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_UNREAD_COUNT_CAP } from '@casebridge/domain/constants';
import { notifications, users } from '#src/db/schema/index.ts';
import { collectPages, withCursor } from '#src/test/keyset-pages.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

type Item = { id: string; content: string; createdAt: string };

/** The bell's list pages by keyset and its unread count is bounded. */
describe('notifications at scale', () => {
  let server: TestServer;
  let cookie: string;
  let userId: string;

  const insert = async (n: number, content: string, createdAt: Date) => {
    await server.context.db.insert(notifications).values(
      Array.from({ length: n }, (_, i) => ({
        recipientUserId: userId,
        type: 'status_update' as const,
        content: `${content} ${i}`,
        createdAt,
      })),
    );
  };
  const list = (query: string) => server.request({ url: `/api/notifications?${query}`, cookie });

  beforeAll(async () => {
    server = await createTestServer();
    cookie = await server.login('clinic2@demo.test');
    const [user] = await server.context.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'clinic2@demo.test'));
    userId = user!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('pages notifications sharing one timestamp completely and without overlap', async () => {
    await insert(45, 'same instant', new Date('2030-01-01T00:00:00Z'));
    await insert(5, 'later', new Date('2030-01-02T00:00:00Z'));
    const { items, pages } = await collectPages<Item>((cursor) =>
      list(withCursor('limit=20', cursor)),
    );
    const ours = items.filter((item) => item.createdAt.startsWith('2030-'));
    expect(ours).toHaveLength(50);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(pages).toBe(Math.ceil(items.length / 20));
    expect(ours.slice(0, 5).every((item) => item.content.startsWith('later'))).toBe(true);
    // Within one instant the id decides, newest-first order being (created_at, id) descending.
    const sameInstant = ours.slice(5).map((item) => item.id);
    expect(sameInstant).toEqual(sameInstant.toSorted().toReversed());
  });

  it('counts unread up to the cap, and again after they are read', async () => {
    await insert(NOTIFICATION_UNREAD_COUNT_CAP + 100, 'flood', new Date('2029-01-01T00:00:00Z'));
    const flooded = (await list('limit=1')).json();
    expect(flooded.unreadCount).toBe(NOTIFICATION_UNREAD_COUNT_CAP + 1);
    const marked = await server.request({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie,
    });
    expect(marked.json().marked).toBeGreaterThan(NOTIFICATION_UNREAD_COUNT_CAP);
    expect((await list('limit=1')).json().unreadCount).toBe(0);
    await insert(3, 'after', new Date());
    expect((await list('limit=1')).json().unreadCount).toBe(3);
  });
});
