import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@casebridge/domain/errors';
import { auditLogs, sessions, users } from '#src/db/schema/index.ts';
import { createTestServer, toCookieHeader, type TestServer } from '#src/test/test-server.ts';

describe('sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs in a demo account and returns its profile with an HttpOnly session cookie', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'Clinic@Demo.test ', password: 'demo-password-2026' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: 'clinic@demo.test',
      role: 'clinic',
      organization: { name: 'Harbor Physical Therapy', kind: 'clinic' },
    });
    expect(body.idleTimeoutMinutes).toBe(60);
    const cookie = response.cookies.find((item) => item.name === 'casebridge.session_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const session = await server.request({
      url: '/api/auth/session',
      cookie: toCookieHeader(response),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('clinic@demo.test');
  });

  it('answers null, not an error, to a visitor without a session cookie', async () => {
    const response = await server.request({ url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    const otherCookie = await server.request({ url: '/api/auth/session', cookie: 'theme=dark' });
    expect(otherCookie.statusCode).toBe(200);
    expect(otherCookie.json()).toBeNull();
  });

  it('answers 401 to a session cookie that opens no session', async () => {
    const response = await server.request({
      url: '/api/auth/session',
      cookie: 'casebridge.session_token=not-a-real-token.signature',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: MESSAGES.unauthenticated,
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrongPassword = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'attorney@demo.test', password: 'not-the-password' },
    });
    const unknownEmail = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'nobody@demo.test', password: 'not-the-password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: MESSAGES.invalidCredentials },
    });
    const failed = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'login_failed'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(failed)).not.toContain('not-the-password');
  });

  it('rejects a malformed body with a validation error', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'not-an-email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('signs out: the cookie no longer opens a session and the logout is audited', async () => {
    const cookie = await server.login('admin@demo.test');
    const logout = await server.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(logout.statusCode).toBe(204);
    const after = await server.request({ url: '/api/auth/session', cookie });
    expect(after.statusCode).toBe(401);
    const rows = await server.context.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'logout'));
    expect(rows.some((row) => row.userRole === 'admin')).toBe(true);
  });

  it('ends a session idle for longer than the timeout from settings', async () => {
    const cookie = await server.login('clinic2@demo.test');
    await server.idleSessions('clinic2@demo.test', 61);
    const response = await server.request({ url: '/api/auth/session', cookie });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'SESSION_EXPIRED',
      message: MESSAGES.sessionExpired,
    });
    const again = await server.request({ url: '/api/auth/session', cookie });
    expect(again.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('keeps an active session alive within the timeout', async () => {
    const cookie = await server.login('attorney@demo.test');
    const [user] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'attorney@demo.test'));
    await server.idleSessions('attorney@demo.test', 59);
    expect((await server.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
    const [session] = await server.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    expect(Date.now() - session!.lastActiveAt.getTime()).toBeLessThan(60_000);
  });

  it('ignores privileged fields a user sends at sign-in', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: {
        email: 'imaging@demo.test',
        password: 'demo-password-2026',
        role: 'admin',
        active: true,
        organizationId: null,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('clinic');
    const [user] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'imaging@demo.test'));
    expect(user?.role).toBe('clinic');
  });

  it('refuses a deactivated account', async () => {
    await server.context.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, 'keystone@demo.test'));
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'keystone@demo.test', password: 'demo-password-2026' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.accountInactive);
  });

  it('refuses a cross-origin write', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      body: { email: 'admin@demo.test', password: 'demo-password-2026' },
    });
    expect(response.statusCode).toBe(403);
  });
});
