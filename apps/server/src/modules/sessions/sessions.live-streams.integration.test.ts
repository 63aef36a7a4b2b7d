import { describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema/index.ts';
import { expectEndedAtOnce, useStreamServer } from '#src/test/stream-server.ts';
import { createTestServer } from '#src/test/test-server.ts';

/**
 * Ending sessions closes their live streams at once: the ending publishes
 * `sessions.ended`, and every instance re-checks its open streams when it reads it, long before
 * the 15 s heartbeat; the ended stream receives nothing after.
 */
describe('ending sessions closes their live streams at once', () => {
  const setup = useStreamServer();
  const openStream = (cookie: string) => setup.openStream(cookie);

  it('after logout', async () => {
    expect(setup.server.context.hub.heartbeatMs).toBeGreaterThanOrEqual(15_000);
    const cookie = await setup.server.login('attorney@demo.test');
    const stream = await openStream(cookie);
    const answer = await setup.server.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(answer.statusCode).toBe(204);
    await expectEndedAtOnce(stream);
  });

  it('after Sign out everywhere else: the other session’s stream ends, this one’s stays', async () => {
    const keep = await setup.server.login('clinic@demo.test');
    const other = await setup.server.login('clinic@demo.test');
    const keptStream = await openStream(keep);
    const otherStream = await openStream(other);

    const answer = await setup.server.request({
      method: 'POST',
      url: '/api/sessions/end-others',
      cookie: keep,
    });
    expect(answer.json()).toEqual({ ended: 1 });
    await expectEndedAtOnce(otherStream);
    // The kept session's pages hear of it (the Security page refetches) and stay open.
    await keptStream.waitFor(() =>
      keptStream.changes().some((change) => change.topic === 'sessions.ended'),
    );
    expect(keptStream.isEnded()).toBe(false);
  });

  it('after ending one other session', async () => {
    const keep = await setup.server.login('lienholder@demo.test');
    const other = await setup.server.login('lienholder@demo.test');
    const otherStream = await openStream(other);
    const list = await setup.server.request({ url: '/api/sessions', cookie: other });
    const otherId = list.json().items.find((item: { isCurrent: boolean }) => item.isCurrent).id;

    const answer = await setup.server.request({
      method: 'DELETE',
      url: `/api/sessions/${encodeURIComponent(otherId)}`,
      cookie: keep,
    });
    expect(answer.statusCode).toBe(204);
    await expectEndedAtOnce(otherStream);
  });

  it('after an admin ends the user’s sessions, and after deactivation', async () => {
    const admin = await setup.server.login('admin@demo.test');
    const [user] = await setup.server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'attorney2@demo.test'));
    const byAdmin = await openStream(await setup.server.login('attorney2@demo.test'));
    const ended = await setup.server.request({
      method: 'POST',
      url: `/api/users/${user!.id}/sessions/end`,
      cookie: admin,
    });
    expect(ended.json()).toEqual({ ended: 1 });
    await expectEndedAtOnce(byAdmin);

    const byDeactivation = await openStream(await setup.server.login('attorney2@demo.test'));
    const deactivated = await setup.server.request({
      method: 'PATCH',
      url: `/api/users/${user!.id}`,
      cookie: admin,
      body: { active: false, version: user!.version },
    });
    expect(deactivated.statusCode).toBe(200);
    await expectEndedAtOnce(byDeactivation);
  });

  it.runIf(inject('testTemplate').kind === 'postgres')(
    'on another instance: a sign-out on one closes the stream held by the other',
    async () => {
      const other = await createTestServer({}, { joinDatabaseUrl: setup.server.databaseUrl });
      try {
        const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
        const cookie = await setup.server.login('clinic2@demo.test');
        const stream = await setup.openStream(cookie, otherUrl);
        const answer = await setup.server.request({
          method: 'POST',
          url: '/api/auth/logout',
          cookie,
        });
        expect(answer.statusCode).toBe(204);
        await expectEndedAtOnce(stream);
      } finally {
        await other.close();
      }
    },
  );
});
