import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casebridge/domain/errors';
import { sessions, settings, users } from '#src/db/schema/index.ts';
import { createTestServer, type InjectOptions, type TestServer } from '#src/test/test-server.ts';

/**
 * Per-request overhead (docs/decisions/0016-session-check-cache.md): a session's check is kept
 * a few seconds, and every change that
 * alters it reaches the cache through migration 0013's triggers, whoever writes it. The changes
 * here are written straight to the database, past every route, so only the triggers can tell the
 * cache; on PostgreSQL the NOTIFY arrives on another connection, hence the short polls (far
 * shorter than the cache's time-to-live, so a missed invalidation fails them).
 */
describe('the session check cache', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const status = async (cookie: string, url = '/api/patients/stats') =>
    (await server.request({ url, cookie })).statusCode;
  const errorOf = async (cookie: string) =>
    (await server.request({ url: '/api/patients/stats', cookie })).json().error;
  const soon = { timeout: 1_000, interval: 20 };

  it('answers repeated requests of a session from memory', async () => {
    const cookie = await server.login('attorney2@demo.test');
    const before = server.context.sessionCache.stats();
    for (let i = 0; i < 5; i += 1) expect(await status(cookie)).toBe(200);
    const after = server.context.sessionCache.stats();
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(4);
    expect(after.misses - before.misses).toBeLessThanOrEqual(1);
  });

  // Before: every write cleared the instance's checks, so each change on a busy instance re-ran
  // every session's check (better-auth's session and user, the settings, the actor's join).
  // These count exact misses, so they come before the tests below that change rows behind the
  // routes, whose late NOTIFYs would drop entries.
  describe('across a write', () => {
    /**
     * Session checks missed by a write and then one request of each cookie, the writer's and
     * each cookie's check cached first.
     */
    async function missesAcross(
      write: InjectOptions,
      expectedStatus: number,
      cookies: readonly string[],
    ): Promise<number> {
      const cached = write.cookie ? [...cookies, write.cookie] : cookies;
      for (const cookie of cached) expect(await status(cookie)).toBe(200);
      const before = server.context.sessionCache.stats();
      expect((await server.request(write)).statusCode).toBe(expectedStatus);
      for (const cookie of cookies) expect(await status(cookie)).toBe(200);
      return server.context.sessionCache.stats().misses - before.misses;
    }

    it('keeps every session’s check when the write changes no session', async () => {
      const reader = await server.login('attorney@demo.test');
      const writer = await server.login('clinic@demo.test');
      const write = { method: 'POST', url: '/api/notifications/read-all', cookie: writer } as const;
      expect(await missesAcross(write, 200, [reader, writer])).toBe(0);
    });

    it('checks every session again after a write that may change one', async () => {
      const reader = await server.login('attorney@demo.test');
      const admin = await server.login('admin@demo.test');
      // Revoking a session that does not exist writes nothing, but its route is one that may.
      const url = '/api/sessions/00000000-0000-4000-8000-000000000000';
      const write = { method: 'DELETE', url, cookie: admin } as const;
      expect(await missesAcross(write, 404, [reader])).toBe(1);
    });

    it('keeps every session’s check across a write to an unknown address', async () => {
      const reader = await server.login('attorney@demo.test');
      const write = { method: 'POST', url: '/api/no-such-route' } as const;
      expect(await missesAcross(write, 404, [reader])).toBe(0);
    });
  });

  it('refuses a session at once when its row is deleted behind the routes', async () => {
    const cookie = await server.login('lienholder@demo.test');
    expect(await status(cookie)).toBe(200);
    const [user] = await server.context.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'lienholder@demo.test'));
    await server.context.db.delete(sessions).where(eq(sessions.userId, user!.id));
    await expect.poll(() => status(cookie), soon).toBe(401);
  });

  it('refuses a deactivated user’s cached session at once', async () => {
    const cookie = await server.login('clinic2@demo.test');
    expect(await status(cookie)).toBe(200);
    await server.context.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, 'clinic2@demo.test'));
    try {
      await expect
        .poll(async () => (await errorOf(cookie))?.message, soon)
        .toBe(MESSAGES.accountInactive);
    } finally {
      await server.context.db
        .update(users)
        .set({ active: true })
        .where(eq(users.email, 'clinic2@demo.test'));
    }
  });

  it('sees a renamed user at once', async () => {
    const cookie = await server.login('attorney@demo.test');
    const nameOf = async () =>
      (await server.request({ url: '/api/auth/session', cookie })).json().user.displayName;
    const [stored] = await server.context.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.email, 'attorney@demo.test'));
    const original = stored!.name;
    expect(await nameOf()).toBe(original);
    await server.context.db
      .update(users)
      .set({ name: 'Renamed Attorney' })
      .where(eq(users.email, 'attorney@demo.test'));
    try {
      await expect.poll(nameOf, soon).toBe('Renamed Attorney');
    } finally {
      await server.context.db
        .update(users)
        .set({ name: original })
        .where(eq(users.email, 'attorney@demo.test'));
    }
  });

  it('applies a new MFA requirement to a cached session at once', async () => {
    const cookie = await server.login('clinic@demo.test');
    expect(await status(cookie)).toBe(200);
    await server.context.db.update(settings).set({ requireMfaRoles: ['clinic'] });
    try {
      await expect
        .poll(async () => (await errorOf(cookie))?.code, soon)
        .toBe('MFA_ENROLMENT_REQUIRED');
    } finally {
      await server.context.db.update(settings).set({ requireMfaRoles: [] });
    }
  });

  it('ends a signed-out session for its next request', async () => {
    const cookie = await server.login('attorney2@demo.test');
    expect(await status(cookie)).toBe(200);
    const logout = await server.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookie,
    });
    expect(logout.statusCode).toBe(204);
    expect(await status(cookie)).toBe(401);
  });
});
