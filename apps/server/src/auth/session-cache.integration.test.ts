import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casebridge/domain/errors';
import { sessions, settings, users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * Issue 12, per-request overhead: a session's check is kept a few seconds, and every change that
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
  // These count exact hits and misses, so they come before the tests below that change rows
  // behind the routes, whose late NOTIFYs would drop entries.
  it('keeps every session’s check across a write that changes no session', async () => {
    const reader = await server.login('attorney@demo.test');
    const writer = await server.login('clinic@demo.test');
    expect(await status(reader)).toBe(200);
    expect(await status(writer)).toBe(200);
    const before = server.context.sessionCache.stats();
    const write = await server.request({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie: writer,
    });
    expect(write.statusCode).toBe(200);
    expect(await status(reader)).toBe(200);
    expect(await status(writer)).toBe(200);
    const after = server.context.sessionCache.stats();
    expect(after.misses - before.misses).toBe(0);
    expect(after.hits - before.hits).toBe(3);
  });

  it('checks every session again after a write that may change one', async () => {
    const reader = await server.login('attorney@demo.test');
    const admin = await server.login('admin@demo.test');
    expect(await status(reader)).toBe(200);
    expect(await status(admin)).toBe(200);
    const before = server.context.sessionCache.stats();
    // Revoking a session that does not exist writes nothing, but its route is one that may.
    const write = await server.request({
      method: 'DELETE',
      url: '/api/sessions/00000000-0000-4000-8000-000000000000',
      cookie: admin,
    });
    expect(write.statusCode).toBe(404);
    expect(await status(reader)).toBe(200);
    const after = server.context.sessionCache.stats();
    expect(after.misses - before.misses).toBe(1);
  });

  it('keeps every session’s check across a write to an unknown address', async () => {
    const reader = await server.login('attorney@demo.test');
    expect(await status(reader)).toBe(200);
    const before = server.context.sessionCache.stats();
    const write = await server.request({ method: 'POST', url: '/api/no-such-route' });
    expect(write.statusCode).toBe(404);
    expect(await status(reader)).toBe(200);
    const after = server.context.sessionCache.stats();
    expect(after.misses - before.misses).toBe(0);
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
