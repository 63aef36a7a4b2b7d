import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@casebridge/domain/roles';
import { recoveryCodes, totpFactors } from '#src/db/schema/index.ts';
import { createUserOf, enrolTotp, signInWithPassword } from '#src/test/mfa-user.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

type Route = { method: 'GET' | 'POST'; url: string; body?: { code: string } };

const WRONG = { code: '000000' };
const ROUTES: Record<string, Route> = {
  status: { method: 'GET', url: '/api/mfa' },
  start: { method: 'POST', url: '/api/mfa/totp/start' },
  confirm: { method: 'POST', url: '/api/mfa/totp/confirm', body: WRONG },
  verify: { method: 'POST', url: '/api/mfa/verify', body: WRONG },
  regenerate: { method: 'POST', url: '/api/mfa/recovery-codes', body: WRONG },
  disable: { method: 'POST', url: '/api/mfa/disable', body: WRONG },
};
const ROLES_TO_CHECK: Role[] = ['admin', 'clinic', 'attorney', 'lienholder', 'contact'];

/**
 * Every second-factor route, per role and per session state. The routes act on the caller's own
 * account only (no id in them), so every role may call them; what differs is the session: none
 * (401), pending its code (only verify), held for enrolment (only status, start, confirm).
 */
describe('second-factor routes: authorization', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const call = (route: Route, cookie?: string) =>
    server.request({ method: route.method, url: route.url, cookie, body: route.body });
  const answers = async (cookie?: string) => {
    const result: Record<string, string> = {};
    for (const [name, route] of Object.entries(ROUTES)) {
      const response = await call(route, cookie);
      const code = response.statusCode < 300 ? '' : ` ${response.json().error.code}`;
      result[name] = `${response.statusCode}${code}`;
    }
    return result;
  };
  const factorRows = async (userId: string) =>
    (await server.context.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))
      .length +
    (await server.context.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)))
      .length;

  it('a caller without a session reaches none of them', async () => {
    const expected = Object.fromEntries(
      Object.keys(ROUTES).map((name) => [name, '401 UNAUTHENTICATED']),
    );
    expect(await answers()).toEqual(expected);
  });

  it.each(ROLES_TO_CHECK)('a signed-in %s reaches each, for their own account', async (role) => {
    const user = await createUserOf(server, role, `authz-${role}@test.example`);
    const { cookie } = await signInWithPassword(server, user.email);
    expect(await answers(cookie)).toEqual({
      status: '200',
      start: '200',
      confirm: '400 VALIDATION_FAILED',
      verify: '409 CONFLICT',
      regenerate: '409 CONFLICT',
      disable: '409 CONFLICT',
    });
  });

  it.each(ROLES_TO_CHECK)('a %s session pending its code reaches only verify', async (role) => {
    const user = await createUserOf(server, role, `authz-pending-${role}@test.example`);
    await enrolTotp(server, (await signInWithPassword(server, user.email)).cookie);
    const before = await factorRows(user.id);
    const { cookie } = await signInWithPassword(server, user.email);
    const refused = '401 SECOND_FACTOR_REQUIRED';
    expect(await answers(cookie)).toEqual({
      status: refused,
      start: refused,
      confirm: refused,
      verify: '400 VALIDATION_FAILED',
      regenerate: refused,
      disable: refused,
    });
    expect(await factorRows(user.id)).toBe(before);
  });

  it('only an admin resets a user’s second factor; other roles change nothing', async () => {
    const target = await createUserOf(server, 'clinic', 'authz-reset-target@test.example');
    await enrolTotp(server, (await signInWithPassword(server, target.email)).cookie);
    const before = await factorRows(target.id);
    const reset = { method: 'POST', url: `/api/users/${target.id}/mfa/reset` } as const;
    expect((await call(reset)).statusCode).toBe(401);
    for (const role of ROLES_TO_CHECK.filter((each) => each !== 'admin')) {
      const user = await createUserOf(server, role, `authz-reset-${role}@test.example`);
      const { cookie } = await signInWithPassword(server, user.email);
      expect((await call(reset, cookie)).statusCode).toBe(403);
    }
    expect(await factorRows(target.id)).toBe(before);
    expect((await call(reset, await server.login('admin@demo.test'))).statusCode).toBe(204);
    expect(await factorRows(target.id)).toBe(0);
  });

  describe("a session held for enrolment by 'Require MFA'", () => {
    beforeAll(async () => {
      await server.context.db.execute(
        `update settings set require_mfa_roles = '{admin,clinic,attorney,lienholder,contact}'`,
      );
    });
    afterAll(async () => {
      await server.context.db.execute(`update settings set require_mfa_roles = '{}'`);
    });

    it.each(ROLES_TO_CHECK)('of a %s reaches only status, start and confirm', async (role) => {
      const user = await createUserOf(server, role, `authz-required-${role}@test.example`);
      const { cookie } = await signInWithPassword(server, user.email);
      const refused = '403 MFA_ENROLMENT_REQUIRED';
      expect(await answers(cookie)).toEqual({
        status: '200',
        start: '200',
        confirm: '400 VALIDATION_FAILED',
        verify: refused,
        regenerate: refused,
        disable: refused,
      });
    });
  });
});
