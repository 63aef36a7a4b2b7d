import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuditAction } from '@casebridge/domain/audit';
import {
  MFA_MESSAGES,
  SECOND_FACTOR_THROTTLE,
  type TMfaStatus,
} from '@casebridge/domain/mfa/mfa.schemas';
import type { Role } from '@casebridge/domain/roles';
import { listLiveSessions } from '#src/auth/session.ts';
import { auditLogs, sessions, totpFactors } from '#src/db/schema/index.ts';
import {
  createUserOf,
  enrolTotp,
  forgetUsedTotpStep,
  postCode,
  setRequiredMfaRoles,
  signInWithPassword,
  totpCodeOf,
} from '#src/test/mfa-user.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/** TOTP with recovery codes and 'Require MFA'. */
describe('second factor', () => {
  let server: TestServer;
  let adminCookie: string;

  beforeAll(async () => {
    server = await createTestServer();
    adminCookie = await server.login('admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (url: string, cookie: string) => server.request({ url, cookie });
  const errorCode = (response: { json: () => unknown }) =>
    (response.json() as { error: { code: string } }).error.code;
  const countAudit = async (userId: string, action: AuditAction) =>
    (
      await server.context.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)))
    ).length;
  const status = async (cookie: string) => (await get('/api/mfa', cookie)).json<TMfaStatus>();
  const sessionIdsOf = async (userId: string) =>
    (await server.context.db.select().from(sessions).where(eq(sessions.userId, userId))).map(
      (row) => row.id,
    );
  const isLive = async (userId: string) => {
    const ids = await sessionIdsOf(userId);
    const live = await listLiveSessions(server.context.db, ids, 60);
    return ids.some((id) => live.has(id));
  };
  const setRequiredRoles = (roles: Role[]) => setRequiredMfaRoles(server, adminCookie, roles);

  /** A new clinic user with TOTP set up, signed in again with the password only. */
  const enrolledUser = async (email: string) => {
    const user = await createUserOf(server, 'clinic', email);
    const first = await signInWithPassword(server, email);
    const { secret, recoveryCodes } = await enrolTotp(server, first.cookie);
    const second = await signInWithPassword(server, email);
    return { user, secret, recoveryCodes, first, second };
  };

  it('enrols with a QR code and a key, stores the secret encrypted, and issues ten codes', async () => {
    const user = await createUserOf(server, 'clinic', 'mfa-enrol@test.example');
    const { cookie, secondFactor } = await signInWithPassword(server, 'mfa-enrol@test.example');
    expect(secondFactor).toBe('complete');
    expect(await status(cookie)).toMatchObject({ isEnrolled: false, isRequired: false });

    const started = await server.request({ method: 'POST', url: '/api/mfa/totp/start', cookie });
    const enrolment = started.json();
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUri).toContain('issuer=CaseBridge');
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    const [stored] = await server.context.db
      .select()
      .from(totpFactors)
      .where(eq(totpFactors.userId, user.id));
    expect(stored?.confirmedAt).toBeNull();
    expect(stored?.secretCiphertext).not.toContain(enrolment.secret);

    const wrong = await postCode(server, cookie, '/api/mfa/totp/confirm', '000000');
    expect(wrong.json().error.message).toBe(MFA_MESSAGES.invalidCode);
    const confirmed = await postCode(
      server,
      cookie,
      '/api/mfa/totp/confirm',
      totpCodeOf(enrolment.secret),
    );
    expect(confirmed.statusCode).toBe(200);
    const { codes } = confirmed.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await status(cookie)).toMatchObject({ isEnrolled: true, recoveryCodesLeft: 10 });
    expect(await countAudit(user.id, 'mfa_enrolled')).toBe(1);
    // Set up once: a second start is refused rather than replacing the working factor.
    const again = await server.request({ method: 'POST', url: '/api/mfa/totp/start', cookie });
    expect(again.statusCode).toBe(409);
  });

  it('a pending session reaches no data and no live stream until a valid code', async () => {
    const { user, secret, second } = await enrolledUser('mfa-pending@test.example');
    expect(second.secondFactor).toBe('pending');

    for (const url of ['/api/patients', '/api/events', '/api/sessions', '/api/mfa']) {
      const refused = await get(url, second.cookie);
      expect(refused.statusCode).toBe(401);
      expect(errorCode(refused)).toBe('SECOND_FACTOR_REQUIRED');
    }
    expect((await get('/api/auth/session', second.cookie)).json().secondFactor).toBe('pending');
    const pendingIds = await sessionIdsOf(user.id);
    const live = await listLiveSessions(server.context.db, pendingIds, 60);
    // The enrolling session is live; the pending one is not.
    expect(live.size).toBe(pendingIds.length - 1);

    const verified = await postCode(
      server,
      second.cookie,
      '/api/mfa/verify',
      totpCodeOf(secret, 1),
    );
    expect(verified.statusCode).toBe(204);
    expect((await get('/api/patients', second.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/session', second.cookie)).json().secondFactor).toBe('complete');
    expect(await countAudit(user.id, 'second_factor_verified')).toBe(1);
    expect((await listLiveSessions(server.context.db, pendingIds, 60)).size).toBe(
      pendingIds.length,
    );
  });

  it('refuses a TOTP code that was already accepted', async () => {
    const { secret, second } = await enrolledUser('mfa-replay@test.example');
    const code = totpCodeOf(secret, 1);
    expect((await postCode(server, second.cookie, '/api/mfa/verify', code)).statusCode).toBe(204);

    const third = await signInWithPassword(server, 'mfa-replay@test.example');
    const replayed = await postCode(server, third.cookie, '/api/mfa/verify', code);
    expect(replayed.statusCode).toBe(400);
    expect((await get('/api/patients', third.cookie)).statusCode).toBe(401);
  });

  it('a recovery code opens one session, once', async () => {
    const { user, recoveryCodes, second } = await enrolledUser('mfa-recovery@test.example');
    const code = recoveryCodes[3]!;
    const used = await postCode(server, second.cookie, '/api/mfa/verify', code.toUpperCase());
    expect(used.statusCode).toBe(204);
    expect((await get('/api/patients', second.cookie)).statusCode).toBe(200);
    expect(await countAudit(user.id, 'recovery_code_used')).toBe(1);
    expect((await status(second.cookie)).recoveryCodesLeft).toBe(9);

    const third = await signInWithPassword(server, 'mfa-recovery@test.example');
    const reused = await postCode(server, third.cookie, '/api/mfa/verify', code);
    expect(reused.statusCode).toBe(400);
    expect((await get('/api/patients', third.cookie)).statusCode).toBe(401);
  });

  it('throttles failed codes per user with Retry-After, and audits each failure', async () => {
    const { user, secret, second } = await enrolledUser('mfa-throttle@test.example');
    for (let attempt = 0; attempt < SECOND_FACTOR_THROTTLE.maxFailures; attempt += 1) {
      const wrong = await postCode(server, second.cookie, '/api/mfa/verify', '000000');
      expect(wrong.statusCode).toBe(400);
    }
    // Even the right code waits: the guesser cannot tell which one was right.
    const throttled = await postCode(
      server,
      second.cookie,
      '/api/mfa/verify',
      totpCodeOf(secret, 1),
    );
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SECOND_FACTOR_THROTTLE.windowMinutes * 60);
    expect(await countAudit(user.id, 'second_factor_failed')).toBe(
      SECOND_FACTOR_THROTTLE.maxFailures,
    );
    expect((await get('/api/patients', second.cookie)).statusCode).toBe(401);
  });

  it('regenerates recovery codes with a current code; the old ones stop working', async () => {
    const { user, secret, recoveryCodes, first } = await enrolledUser('mfa-regen@test.example');
    await forgetUsedTotpStep(server, user.id);
    const regenerated = await postCode(
      server,
      first.cookie,
      '/api/mfa/recovery-codes',
      totpCodeOf(secret),
    );
    expect(regenerated.statusCode).toBe(200);
    const { codes } = regenerated.json();
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(recoveryCodes[0]);
    expect(await countAudit(user.id, 'recovery_codes_regenerated')).toBe(1);

    const next = await signInWithPassword(server, 'mfa-regen@test.example');
    expect(
      (await postCode(server, next.cookie, '/api/mfa/verify', recoveryCodes[0]!)).statusCode,
    ).toBe(400);
    expect((await postCode(server, next.cookie, '/api/mfa/verify', codes[0])).statusCode).toBe(204);
  });

  it('turns off with a current code; the next sign-in asks for nothing', async () => {
    const { user, secret, first, second } = await enrolledUser('mfa-off@test.example');
    await forgetUsedTotpStep(server, user.id);
    const wrong = await postCode(server, first.cookie, '/api/mfa/disable', '000000');
    expect(wrong.statusCode).toBe(400);
    const off = await postCode(server, first.cookie, '/api/mfa/disable', totpCodeOf(secret));
    expect(off.statusCode).toBe(204);
    expect(await countAudit(user.id, 'mfa_disabled')).toBe(1);
    // A session still waiting for its code ends: it never opens on the password alone.
    expect((await get('/api/auth/session', second.cookie)).statusCode).toBe(401);
    expect((await get('/api/patients', second.cookie)).statusCode).toBe(401);
    expect((await signInWithPassword(server, 'mfa-off@test.example')).secondFactor).toBe(
      'complete',
    );
  });

  it("an admin's reset removes the factor and ends every session of the user", async () => {
    const { user, first, second } = await enrolledUser('mfa-reset@test.example');
    const reset = (userId: string) =>
      server.request({
        method: 'POST',
        url: `/api/users/${userId}/mfa/reset`,
        cookie: adminCookie,
      });
    const listed = async () =>
      (await get(`/api/users?search=${user.email}`, adminCookie)).json().items[0].hasSecondFactor;
    expect(await listed()).toBe(true);
    expect((await reset(user.id)).statusCode).toBe(204);
    expect(await listed()).toBe(false);
    for (const cookie of [first.cookie, second.cookie])
      expect((await get('/api/auth/session', cookie)).statusCode).toBe(401);
    const audited = await server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'mfa_reset'), eq(auditLogs.details, user.email)));
    expect(audited.map((row) => row.userName)).toEqual(['Avery Admin']);
    expect((await signInWithPassword(server, user.email)).secondFactor).toBe('complete');
    expect((await reset(user.id)).statusCode).toBe(409);
    expect((await reset('no-such-user')).statusCode).toBe(404);
  });

  it('a secret that no longer decrypts (AUTH_SECRET changed) says to ask for a reset', async () => {
    const { user, second } = await enrolledUser('mfa-rotated@test.example');
    await server.context.db
      .update(totpFactors)
      .set({ secretCiphertext: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(totpFactors.userId, user.id));
    const refused = await postCode(server, second.cookie, '/api/mfa/verify', '123456');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MFA_MESSAGES.unreadableFactor);
  });

  describe("with 'Require MFA' for attorneys", () => {
    let userId = '';
    beforeAll(async () => {
      userId = (await createUserOf(server, 'attorney', 'mfa-required@test.example')).id;
    });
    afterAll(async () => {
      await setRequiredRoles([]);
    });

    it('a user without a factor reaches no data, nor the stream, until enrolled', async () => {
      const before = await signInWithPassword(server, 'mfa-required@test.example');
      expect(before.secondFactor).toBe('complete');
      await setRequiredRoles(['attorney']);

      const { cookie, secondFactor } = await signInWithPassword(
        server,
        'mfa-required@test.example',
      );
      expect(secondFactor).toBe('enrolment-required');
      // The session signed in before the policy is held back as well.
      for (const session of [cookie, before.cookie]) {
        for (const url of ['/api/patients', '/api/events', '/api/notifications']) {
          const refused = await get(url, session);
          expect(refused.statusCode).toBe(403);
          expect(errorCode(refused)).toBe('MFA_ENROLMENT_REQUIRED');
        }
      }
      expect(await isLive(userId)).toBe(false);
      expect((await get('/api/auth/session', cookie)).json().secondFactor).toBe(
        'enrolment-required',
      );
      expect(await status(cookie)).toMatchObject({ isEnrolled: false, isRequired: true });
      // Nothing to verify yet: the verification step is closed to this session.
      expect((await postCode(server, cookie, '/api/mfa/verify', '123456')).statusCode).toBe(403);

      const { secret } = await enrolTotp(server, cookie);
      expect((await get('/api/patients', cookie)).statusCode).toBe(200);
      expect(await isLive(userId)).toBe(true);

      await forgetUsedTotpStep(server, userId);
      const refused = await postCode(server, cookie, '/api/mfa/disable', totpCodeOf(secret));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(MFA_MESSAGES.requiredByPolicy);
      expect((await status(cookie)).isEnrolled).toBe(true);
    });

    it('other roles are not asked', async () => {
      expect((await signInWithPassword(server, 'clinic@demo.test')).secondFactor).toBe('complete');
    });
  });
});
