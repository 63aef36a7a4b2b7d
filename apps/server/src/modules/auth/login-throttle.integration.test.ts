import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_PASSWORD, LOGIN_LIMITS } from '@casebridge/domain/constants';
import { tooManyAttemptsMessage } from '@casebridge/domain/errors';
import { auditLogs, loginFailures, mailOutbox, users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { SIGN_IN_ALERT_MAIL_KIND } from './sign-in-alert.ts';

const PAIR = LOGIN_LIMITS.perAccountAndAddress;
const HOME = '198.51.100.7';
const ATTACKER = '203.0.113.9';

describe('sign-in throttling', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A sign-in from `ip`, as the server sees the client's address. */
  function attempt(email: string, ip: string, password = 'wrong-password-123') {
    return server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });
  }

  async function failTimes(email: string, ip: string, times: number) {
    const codes: number[] = [];
    for (let index = 0; index < times; index += 1)
      codes.push((await attempt(email, ip)).statusCode);
    return codes;
  }

  /** Moves the recorded failures of `email` from `ip` into the past, as if time had passed. */
  async function backdate(email: string, ip: string, seconds: number) {
    await server.context.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(secs => ${seconds})` })
      .where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
  }

  function expectRetryAfter(response: Awaited<ReturnType<typeof attempt>>, seconds: number) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(seconds - 10);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
    expect(response.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: tooManyAttemptsMessage(retryAfter),
    });
  }

  it('failures from one address do not lock the user out from another address', async () => {
    expect(await failTimes('attorney@demo.test', ATTACKER, PAIR.freeFailures)).toEqual(
      Array(PAIR.freeFailures).fill(401),
    );
    // Even the right password waits at the attacker's address…
    expectRetryAfter(await attempt('attorney@demo.test', ATTACKER, DEMO_PASSWORD), 60);
    // …while the owner signs in from their own.
    expect((await attempt('attorney@demo.test', HOME, DEMO_PASSWORD)).statusCode).toBe(200);
    const throttled = await server.context.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'login_failed'),
          eq(auditLogs.details, 'throttled: attorney@demo.test'),
        ),
      );
    expect(throttled).toHaveLength(1);
    expect(throttled[0]?.ip).toBe(ATTACKER);
  });

  it('counts every address of one IPv6 /64 as one client', async () => {
    const email = 'keystone@demo.test';
    // A host that owns a /64 signs in from a new address each time.
    for (let index = 1; index <= PAIR.freeFailures; index += 1)
      expect((await attempt(email, `2001:db8:7:7:${index.toString(16)}::1`)).statusCode).toBe(401);
    expectRetryAfter(await attempt(email, '2001:db8:7:7:ffff::2', DEMO_PASSWORD), 60);
    // Another network is another client.
    expect((await attempt(email, '2001:db8:7:8::1', DEMO_PASSWORD)).statusCode).toBe(200);
    const failures = await server.context.db
      .select({ ip: loginFailures.ip })
      .from(loginFailures)
      .where(eq(loginFailures.email, email));
    expect(new Set(failures.map((row) => row.ip))).toEqual(new Set(['2001:db8:7:7::/64']));
  });

  it('makes the same account and address wait longer after each further failure', async () => {
    const email = 'attorney2@demo.test';
    await failTimes(email, ATTACKER, PAIR.freeFailures);
    await failTimes(email, HOME, 2);
    expectRetryAfter(await attempt(email, ATTACKER), 60);
    for (const delay of [60, 120]) {
      await backdate(email, ATTACKER, delay + 1);
      expect((await attempt(email, ATTACKER)).statusCode).toBe(401);
      expectRetryAfter(await attempt(email, ATTACKER), delay * 2);
    }
    // Once the wait is over the right password works, and forgets only this address's failures.
    await backdate(email, ATTACKER, 241);
    expect((await attempt(email, ATTACKER, DEMO_PASSWORD)).statusCode).toBe(200);
    const left = await server.context.db
      .select({ ip: loginFailures.ip })
      .from(loginFailures)
      .where(eq(loginFailures.email, email));
    expect(left.map((row) => row.ip)).toEqual([HOME, HOME]);
  });

  it('slows an address that fails across many accounts, not the accounts elsewhere', async () => {
    const scanner = '192.0.2.44';
    const { freeFailures } = LOGIN_LIMITS.perAddress;
    await server.context.db.insert(loginFailures).values(
      Array.from({ length: freeFailures - 1 }, (_, index) => ({
        email: `user${index}@scan.example`,
        ip: scanner,
      })),
    );
    expect((await attempt('someone@scan.example', scanner)).statusCode).toBe(401);
    expectRetryAfter(await attempt('lienholder@demo.test', scanner, DEMO_PASSWORD), 60);
    expect((await attempt('lienholder@demo.test', HOME, DEMO_PASSWORD)).statusCode).toBe(200);

    // A day later the failures count for nothing, and the next attempt clears them away.
    await server.context.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '24 hours 1 minute'` })
      .where(eq(loginFailures.ip, scanner));
    expect((await attempt('lienholder@demo.test', scanner, DEMO_PASSWORD)).statusCode).toBe(200);
    const left = await server.context.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.ip, scanner));
    expect(left).toEqual([]);
  });

  it('e-mails the owner once after repeated failures, and again only an hour later', async () => {
    const email = 'clinic2@demo.test';
    const alerts = () =>
      server.context.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, SIGN_IN_ALERT_MAIL_KIND), eq(mailOutbox.toAddress, email)));
    const addresses = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'];
    for (const ip of addresses.slice(0, 4)) await failTimes(email, ip, 2);
    await failTimes(email, addresses[4]!, 1);
    expect(await alerts()).toHaveLength(0);
    await failTimes(email, addresses[4]!, 3);
    const [alert, ...more] = await alerts();
    expect(more).toHaveLength(0);
    expect(alert?.subject).toBe('Failed sign-in attempts on your CaseBridge account');
    for (const ip of addresses) expect(alert?.text).toContain(ip);
    expect(alert?.text).toContain('There were 10 failed attempts');
    expect(alert?.text).toContain('UTC');
    expect(alert?.text).not.toContain('wrong-password-123');

    await server.context.db
      .update(users)
      .set({ signInAlertSentAt: sql`now() - interval '61 minutes'` })
      .where(eq(users.email, email));
    await failTimes(email, '192.0.2.6', 1);
    expect(await alerts()).toHaveLength(2);
    // Failures on an e-mail no account has send nothing.
    for (const ip of addresses) await failTimes('nobody@demo.test', ip, 2);
    const toNobody = await server.context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'nobody@demo.test'));
    expect(toNobody).toHaveLength(0);
  });
});
