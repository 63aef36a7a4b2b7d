import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import type { AuditAction } from '@casebridge/domain/audit';
import { auditLogs, passwordResets, users } from '#src/db/schema/index.ts';
import { expectEndedAtOnce, useStreamServer, type Stream } from '#src/test/stream-server.ts';
import type { TestServer } from '#src/test/test-server.ts';
import {
  askForReset,
  changeOwnPassword,
  readResetMail,
  readResetToken,
  sendResetLinkAsAdmin,
  useResetLink,
} from './password-test-support.ts';
import { PASSWORD_CHANGED_MAIL_KIND } from './passwords.queries.ts';
import { hashResetToken, RESET_REQUEST_MIN_MS } from './passwords.service.ts';
import { formMessage } from '#src/test/form-message.ts';

const NEW_PASSWORD = 'amber kettle orbit 42';
const BREACHED = 'Qwerty123456';

/** Password life: change, reset by e-mail, an admin's link, the policy. */
describe('passwords', () => {
  const setup = useStreamServer();
  let server: TestServer;
  beforeAll(() => {
    server = setup.server;
  });

  const userOf = async (email: string) =>
    (await server.context.db.select().from(users).where(eq(users.email, email)))[0]!;
  const auditOf = async (email: string, action: AuditAction) => {
    const user = await userOf(email);
    return server.context.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, action)));
  };
  const sessionStatus = async (cookie: string) =>
    (await server.request({ url: '/api/auth/session', cookie })).statusCode;
  const loginStatus = async (email: string, password: string) =>
    (
      await server.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password },
      })
    ).statusCode;
  const openStream = (cookie: string) => setup.openStream(cookie);
  /** Ended within 1 s, nothing delivered before. */
  const expectStreamEnded = (stream: Stream) => expectEndedAtOnce(stream, 1_000);

  describe('change password', () => {
    it('requires the correct current password', async () => {
      const cookie = await server.login('clinic2@demo.test');
      const wrong = await changeOwnPassword(server, cookie, 'not-my-password', NEW_PASSWORD);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(PASSWORD_MESSAGES.currentWrong);
      expect(await loginStatus('clinic2@demo.test', DEMO_PASSWORD)).toBe(200);
      expect(await auditOf('clinic2@demo.test', 'password_changed')).toEqual([]);
    });

    it.each([
      ['too short', 'short pass', PASSWORD_MESSAGES.tooShort],
      ['too long', 'x'.repeat(129), PASSWORD_MESSAGES.tooLong],
      ['breached, whatever its case', BREACHED, PASSWORD_MESSAGES.tooCommon],
      ['the own e-mail address', 'Clinic2@Demo.test', PASSWORD_MESSAGES.sameAsEmail],
      ['the current one', DEMO_PASSWORD, PASSWORD_MESSAGES.sameAsCurrent],
    ])('refuses a new password that is %s', async (_case, password, message) => {
      const cookie = await server.login('clinic2@demo.test');
      const refused = await changeOwnPassword(server, cookie, DEMO_PASSWORD, password);
      expect(refused.statusCode).toBe(400);
      expect(formMessage(refused)).toBe(message);
      expect(await loginStatus('clinic2@demo.test', DEMO_PASSWORD)).toBe(200);
    });

    it('ends the other sessions and their streams, keeps this one, audits', async () => {
      const email = 'attorney@demo.test';
      const mine = await server.login(email);
      const other = await server.login(email);
      const keptStream = await openStream(mine);
      const otherStream = await openStream(other);

      const changed = await changeOwnPassword(server, mine, DEMO_PASSWORD, NEW_PASSWORD);
      expect(changed.statusCode).toBe(204);
      await expectStreamEnded(otherStream);
      expect(keptStream.isEnded()).toBe(false);
      expect(await sessionStatus(other)).toBe(401);
      expect(await sessionStatus(mine)).toBe(200);
      expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);
      expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
      const [audit] = await auditOf(email, 'password_changed');
      expect(audit?.details).toBe('1 other session ended');
      const notice = await readResetMail(server, email, PASSWORD_CHANGED_MAIL_KIND);
      expect(notice?.subject).toBe('Your CaseBridge password was changed');
      expect(notice?.text).toContain('from the address 127.0.0.1');
      expect(`${notice?.text} ${notice?.html}`).not.toMatch(/HIPAA|amber kettle/i);
      expect(audit?.details).not.toContain(NEW_PASSWORD);
    });

    it('is throttled per account with Retry-After', async () => {
      const cookie = await server.login('lienholder@demo.test');
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await changeOwnPassword(server, cookie, `wrong-${attempt}`, NEW_PASSWORD);
        expect(wrong.statusCode).toBe(400);
      }
      const blocked = await changeOwnPassword(server, cookie, DEMO_PASSWORD, NEW_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from the same address is not held back.
      const neighbour = await server.login('clinic@demo.test');
      const wrong = await changeOwnPassword(server, neighbour, 'wrong', NEW_PASSWORD);
      expect(wrong.statusCode).toBe(400);
    });
  });

  describe('reset by e-mail', () => {
    it('answers an unknown address exactly as a known one, and mails only the known', async () => {
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await askForReset(server, email);
        return { response, ms: performance.now() - started };
      };
      const known = await timed('clinic@demo.test');
      const unknown = await timed('nobody@demo.test');
      expect(unknown.response.statusCode).toBe(202);
      expect(known.response.statusCode).toBe(202);
      expect(unknown.response.body).toBe(known.response.body);
      expect(known.response.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
      for (const { ms } of [known, unknown])
        expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS);
      expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(RESET_REQUEST_MIN_MS);
      expect(await readResetMail(server, 'nobody@demo.test')).toBeNull();

      const mail = await readResetMail(server, 'clinic@demo.test');
      expect(mail?.subject).toBe('Reset your CaseBridge password');
      expect(mail?.text).toContain('http://localhost:3000/reset-password?token=');
      expect(mail?.text).toContain('from the address 127.0.0.1');
      expect(mail?.text).toContain('30 minutes');
      expect(`${mail?.text} ${mail?.html}`).not.toMatch(/HIPAA/i);
      // Only the token's hash is stored.
      const token = await readResetToken(server, 'clinic@demo.test');
      const stored = await server.context.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, (await userOf('clinic@demo.test')).id));
      expect(stored.map((row) => row.tokenHash)).toEqual([hashResetToken(token)]);
      expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(30 * 60_000);
    });

    it('mails nothing for a deactivated account, answering the same', async () => {
      const user = await userOf('imaging@demo.test');
      await server.context.db.update(users).set({ active: false }).where(eq(users.id, user.id));
      const response = await askForReset(server, 'imaging@demo.test');
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
      expect(await readResetMail(server, 'imaging@demo.test')).toBeNull();
    });

    it('a link works once, ends every session and its stream, and audits', async () => {
      const email = 'attorney2@demo.test';
      const first = await server.login(email);
      const second = await server.login(email);
      const stream = await openStream(first);
      expect((await askForReset(server, email)).statusCode).toBe(202);
      const token = await readResetToken(server, email);

      // A refused password leaves the link usable.
      const breached = await useResetLink(server, token, BREACHED);
      expect(breached.statusCode).toBe(400);
      expect(breached.json().error.message).toBe(PASSWORD_MESSAGES.tooCommon);
      const tooShort = await useResetLink(server, token, 'eleven char');
      expect(formMessage(tooShort)).toBe(PASSWORD_MESSAGES.tooShort);

      expect((await useResetLink(server, token, NEW_PASSWORD)).statusCode).toBe(204);
      await expectStreamEnded(stream);
      expect(await sessionStatus(first)).toBe(401);
      expect(await sessionStatus(second)).toBe(401);
      expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);
      expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
      expect((await auditOf(email, 'password_reset'))[0]?.details).toContain('2 sessions ended');
      const notice = await readResetMail(server, email, PASSWORD_CHANGED_MAIL_KIND);
      expect(notice?.text).toContain('reset with an e-mailed link');

      const again = await useResetLink(server, token, 'another fine passphrase');
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(PASSWORD_MESSAGES.resetLinkInvalid);
      expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    });

    it('refuses an expired link and an unknown one with the same message', async () => {
      const email = 'keystone@demo.test';
      await askForReset(server, email);
      const token = await readResetToken(server, email);
      await server.context.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(passwordResets.tokenHash, hashResetToken(token)));
      for (const link of [token, 'x'.repeat(43)]) {
        const refused = await useResetLink(server, link, NEW_PASSWORD);
        expect(refused.statusCode).toBe(404);
        expect(refused.json().error.message).toBe(PASSWORD_MESSAGES.resetLinkInvalid);
      }
      expect(await loginStatus(email, DEMO_PASSWORD)).toBe(200);
    });

    it('of two simultaneous uses of one link exactly one wins', async () => {
      const email = 'clinic@demo.test';
      await askForReset(server, email);
      const token = await readResetToken(server, email);
      const answers = await Promise.all([
        useResetLink(server, token, 'first racer passphrase'),
        useResetLink(server, token, 'second racer passphrase'),
      ]);
      expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([204, 404]);
      const winner = answers[0]!.statusCode === 204 ? 'first' : 'second';
      expect(await loginStatus(email, `${winner} racer passphrase`)).toBe(200);
      const claimed = await server.context.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashResetToken(token)));
      expect(claimed[0]?.usedAt).not.toBeNull();
      expect(await auditOf(email, 'password_reset')).toHaveLength(1);
    });

    it('mails one user at most five links per half hour, answering the same', async () => {
      const email = 'admin@demo.test';
      for (let request = 0; request < 6; request += 1) {
        expect((await askForReset(server, email)).statusCode).toBe(202);
      }
      const sent = await server.context.db
        .select()
        .from(passwordResets)
        .where(inArray(passwordResets.userId, [(await userOf(email)).id]));
      expect(sent).toHaveLength(5);
    });
  });

  describe('an admin sends a reset link', () => {
    it('mails the user a link naming the admin; the admin never sees the password', async () => {
      const admin = await server.login('admin@demo.test');
      const target = await userOf('lienholder@demo.test');
      const sent = await sendResetLinkAsAdmin(server, admin, target.id);
      expect(sent.statusCode).toBe(202);
      expect(sent.body).not.toMatch(/token/i);
      const mail = await readResetMail(server, 'lienholder@demo.test');
      expect(mail?.text).toContain('Avery Admin, an administrator of CaseBridge');
      const [audit] = await auditOf('admin@demo.test', 'password_reset_link_sent');
      expect(audit?.details).toBe('Reset link e-mailed to lienholder@demo.test');
      const [row] = await server.context.db
        .select()
        .from(passwordResets)
        .where(
          eq(
            passwordResets.tokenHash,
            hashResetToken(await readResetToken(server, 'lienholder@demo.test')),
          ),
        );
      expect(row?.requestedBy).toBe((await userOf('admin@demo.test')).id);

      const token = await readResetToken(server, 'lienholder@demo.test');
      expect((await useResetLink(server, token, NEW_PASSWORD)).statusCode).toBe(204);
      expect(await loginStatus('lienholder@demo.test', NEW_PASSWORD)).toBe(200);
    });

    it('refuses a deactivated user and a missing one', async () => {
      const admin = await server.login('admin@demo.test');
      const inactive = await sendResetLinkAsAdmin(
        server,
        admin,
        (await userOf('imaging@demo.test')).id,
      );
      expect(inactive.statusCode).toBe(400);
      expect((await sendResetLinkAsAdmin(server, admin, 'no-such-user')).statusCode).toBe(404);
    });
  });
});
