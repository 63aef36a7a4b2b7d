import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { TAccountSession } from '@casebridge/domain/sessions/session.schemas';
import { auditLogs, users } from '#src/db/schema/index.ts';
import type { AuditAction } from '@casebridge/domain/audit';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { createTestServer, toCookieHeader, type TestServer } from '#src/test/test-server.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

/** The Security page's routes and an admin ending a user's sessions. */
describe('sessions', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const signIn = async (email: string, userAgent: string) => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: DEMO_PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode).toBe(200);
    return toCookieHeader(response);
  };
  const listSessions = async (cookie: string): Promise<TAccountSession[]> => {
    const response = await server.request({ url: '/api/sessions', cookie });
    expect(response.statusCode).toBe(200);
    return response.json().items;
  };
  const currentSessionId = async (cookie: string) =>
    (await listSessions(cookie)).find((session) => session.isCurrent)!.id;
  const sessionStatus = async (cookie: string) =>
    (await server.request({ url: '/api/auth/session', cookie })).statusCode;
  const lastAudit = async (action: AuditAction) =>
    (
      await server.context.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, action))
        .orderBy(desc(auditLogs.id))
        .limit(1)
    )[0];
  const userId = async (email: string) =>
    (await server.context.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it('lists only the user’s own sessions, this one marked, with device and address', async () => {
    const first = await signIn('attorney@demo.test', CHROME_ON_WINDOWS);
    const second = await signIn('attorney@demo.test', FIREFOX_ON_LINUX);
    await server.login('clinic@demo.test');

    const seenByFirst = await listSessions(first);
    expect(seenByFirst).toHaveLength(2);
    expect(seenByFirst.map((session) => session.device).toSorted()).toEqual([
      'Chrome on Windows',
      'Firefox on Linux',
    ]);
    expect(seenByFirst.filter((session) => session.isCurrent)).toEqual([
      expect.objectContaining({ device: 'Chrome on Windows', ipAddress: '127.0.0.1' }),
    ]);
    const seenBySecond = await listSessions(second);
    expect(seenBySecond.find((session) => session.isCurrent)?.device).toBe('Firefox on Linux');
    for (const session of seenBySecond) {
      expect(Date.parse(session.signedInAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
    }
  });

  it('ends another of the user’s sessions: its cookie is refused, this one stays', async () => {
    const mine = await signIn('lienholder@demo.test', CHROME_ON_WINDOWS);
    const other = await signIn('lienholder@demo.test', FIREFOX_ON_LINUX);
    const otherId = await currentSessionId(other);

    const answer = await server.request({
      method: 'DELETE',
      url: `/api/sessions/${encodeURIComponent(otherId)}`,
      cookie: mine,
    });
    expect(answer.statusCode).toBe(204);
    expect(await sessionStatus(other)).toBe(401);
    expect(await sessionStatus(mine)).toBe(200);
    expect(await lastAudit('session_ended')).toMatchObject({
      details: 'Firefox on Linux',
    });
    expect((await listSessions(mine)).map((session) => session.id)).not.toContain(otherId);
  });

  it('answers 404 for someone else’s session, like a missing one, and ends nothing', async () => {
    const attorney = await signIn('attorney2@demo.test', CHROME_ON_WINDOWS);
    const clinic = await signIn('clinic2@demo.test', CHROME_ON_WINDOWS);
    const clinicSessionId = await currentSessionId(clinic);

    const foreign = await server.request({
      method: 'DELETE',
      url: `/api/sessions/${encodeURIComponent(clinicSessionId)}`,
      cookie: attorney,
    });
    const missing = await server.request({
      method: 'DELETE',
      url: '/api/sessions/no-such-session',
      cookie: attorney,
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(await sessionStatus(clinic)).toBe(200);
    expect((await listSessions(clinic)).map((session) => session.id)).toContain(clinicSessionId);
  });

  it('signs out everywhere else and keeps this session', async () => {
    const keep = await signIn('imaging@demo.test', CHROME_ON_WINDOWS);
    const others = [
      await signIn('imaging@demo.test', FIREFOX_ON_LINUX),
      await signIn('imaging@demo.test', FIREFOX_ON_LINUX),
    ];

    const answer = await server.request({
      method: 'POST',
      url: '/api/sessions/end-others',
      cookie: keep,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ended: 2 });
    expect(await sessionStatus(keep)).toBe(200);
    for (const cookie of others) expect(await sessionStatus(cookie)).toBe(401);
    expect(await listSessions(keep)).toEqual([expect.objectContaining({ isCurrent: true })]);
    expect(await lastAudit('other_sessions_ended')).toMatchObject({
      details: '2 sessions ended, this one kept',
    });
  });

  it('lets an admin end every session of a user, audited; others get 403', async () => {
    const admin = await server.login('admin@demo.test');
    const cookies = [
      await signIn('keystone@demo.test', CHROME_ON_WINDOWS),
      await signIn('keystone@demo.test', FIREFOX_ON_LINUX),
    ];
    const target = await userId('keystone@demo.test');
    const url = `/api/users/${target}/sessions/end`;

    const clinic = await server.login('clinic@demo.test');
    const refused = await server.request({ method: 'POST', url, cookie: clinic });
    expect(refused.statusCode).toBe(403);
    for (const cookie of cookies) expect(await sessionStatus(cookie)).toBe(200);

    const answer = await server.request({ method: 'POST', url, cookie: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ended: 2 });
    for (const cookie of cookies) expect(await sessionStatus(cookie)).toBe(401);
    expect(await lastAudit('user_sessions_ended')).toMatchObject({
      details: 'keystone@demo.test: 2 sessions ended',
    });

    const missing = await server.request({
      method: 'POST',
      url: '/api/users/no-such-user/sessions/end',
      cookie: admin,
    });
    expect(missing.statusCode).toBe(404);
    const own = await server.request({
      method: 'POST',
      url: `/api/users/${await userId('admin@demo.test')}/sessions/end`,
      cookie: admin,
    });
    expect(own.statusCode).toBe(400);
    expect(await sessionStatus(admin)).toBe(200);
  });
});
