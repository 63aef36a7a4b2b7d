import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { mailOutbox, passwordResets, users } from '#src/db/schema/index.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  askForReset,
  changeOwnPassword,
  readResetToken,
  sendResetLinkAsAdmin,
  useResetLink,
} from './password-test-support.ts';

const NON_ADMINS = [
  'clinic@demo.test',
  'attorney@demo.test',
  'lienholder@demo.test',
  'contact@demo.test',
] as const;
const EVERY_ROLE = ['admin@demo.test', ...NON_ADMINS] as const;

/** Who may call each password route, role by role. */
describe('password routes, per role', () => {
  let server: TestServer;
  let targetId: string;

  beforeAll(async () => {
    server = await createTestServer();
    await createContactOf(server, 'Maria Delgado');
    const [target] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'clinic2@demo.test'));
    targetId = target!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const countRows = async () => ({
    resets: (await server.context.db.select().from(passwordResets)).length,
    mail: (await server.context.db.select().from(mailOutbox)).length,
  });

  it('POST /api/account/password: 401 signed out; every role changes only its own', async () => {
    const signedOut = await server.request({
      method: 'POST',
      url: '/api/account/password',
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'a signed-out guess' },
    });
    expect(signedOut.statusCode).toBe(401);
    for (const email of EVERY_ROLE) {
      const cookie = await server.login(email);
      const changed = await changeOwnPassword(server, cookie, DEMO_PASSWORD, `${email} new words`);
      expect(changed.statusCode).toBe(204);
      expect(await server.login(email, `${email} new words`)).not.toBe('');
    }
    // Nobody else's password moved.
    expect(await server.login('clinic2@demo.test')).not.toBe('');
  });

  it('POST /api/users/:id/password-reset: 403 for every non-admin role, 401 signed out', async () => {
    const before = await countRows();
    for (const email of NON_ADMINS) {
      const cookie = await server.login(email, `${email} new words`);
      expect((await sendResetLinkAsAdmin(server, cookie, targetId)).statusCode).toBe(403);
    }
    expect((await sendResetLinkAsAdmin(server, '', targetId)).statusCode).toBe(401);
    expect(await countRows()).toEqual(before);

    const admin = await server.login('admin@demo.test', 'admin@demo.test new words');
    expect((await sendResetLinkAsAdmin(server, admin, targetId)).statusCode).toBe(202);
    expect(await countRows()).toEqual({ resets: before.resets + 1, mail: before.mail + 1 });
  });

  it('the public reset routes answer alike signed out and signed in as any role', async () => {
    const answers = new Set<string>();
    for (const email of EVERY_ROLE) {
      const cookie = await server.login(email, `${email} new words`);
      const asked = await askForReset(server, 'nobody@demo.test', cookie);
      expect(asked.statusCode).toBe(202);
      answers.add(asked.body);
    }
    answers.add((await askForReset(server, 'nobody@demo.test')).body);
    expect(answers.size).toBe(1);

    // A link works for whoever holds it, signed in or not: the token is the credential.
    const token = await readResetToken(server, 'clinic2@demo.test');
    expect((await useResetLink(server, token, 'clinic two reset words')).statusCode).toBe(204);
    expect(await server.login('clinic2@demo.test', 'clinic two reset words')).not.toBe('');
  });
});
