import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  notificationEmailConfirmations,
  notificationPreferences,
  users,
} from '#src/db/schema/index.ts';
import { createContactOf } from '#src/test/contact-user.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import {
  confirmToken,
  readConfirmationToken,
  saveNotificationEmail,
} from './notification-email-test-support.ts';

const CONFIRMATION_URL = '/api/notifications/preferences/email-confirmation';

/**
 * The address-check routes: resending and cancelling reach only the caller's own waiting change
 * (every role has `notifications:own`, nobody reaches anyone else's), and the public confirmation
 * changes the address of the link's owner only, whoever opens it.
 */
describe('notification e-mail confirmation routes, per role', () => {
  let server: TestServer;
  let bystanderCookie = '';
  beforeAll(async () => {
    server = await createTestServer();
    bystanderCookie = await server.login('keystone@demo.test');
    await saveNotificationEmail(server, bystanderCookie, 'bystander@elsewhere.example');
  });
  afterAll(async () => server.close());

  /** The bystander's waiting change, which no other user's request may touch. */
  const bystanderLinks = () =>
    server.context.db
      .select({ tokenHash: notificationEmailConfirmations.tokenHash })
      .from(notificationEmailConfirmations)
      .where(eq(notificationEmailConfirmations.email, 'bystander@elsewhere.example'));

  it('refuses a signed-out resend or cancel', async () => {
    expect((await server.request({ method: 'POST', url: CONFIRMATION_URL })).statusCode).toBe(401);
    expect((await server.request({ method: 'DELETE', url: CONFIRMATION_URL })).statusCode).toBe(
      401,
    );
    expect(await bystanderLinks()).toHaveLength(1);
  });

  it.each([
    'admin@demo.test',
    'clinic@demo.test',
    'attorney@demo.test',
    'lienholder@demo.test',
    'contact',
  ])('%s resends and cancels only their own change', async (who) => {
    const email =
      who === 'contact' ? await createContactOf(server, 'Maria Delgado') : (who as string);
    const cookie = await server.login(email);
    const before = await bystanderLinks();
    // Nothing of their own waits yet: the bystander's change is not theirs to touch.
    expect(
      (await server.request({ method: 'POST', url: CONFIRMATION_URL, cookie })).statusCode,
    ).toBe(404);
    expect(
      (await server.request({ method: 'DELETE', url: CONFIRMATION_URL, cookie })).statusCode,
    ).toBe(404);
    const mine = `new-${email.split('@')[0]}@elsewhere.example`;
    await saveNotificationEmail(server, cookie, mine);
    const resent = await server.request({ method: 'POST', url: CONFIRMATION_URL, cookie });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().pendingNotificationEmail.email).toBe(mine);
    const cancelled = await server.request({ method: 'DELETE', url: CONFIRMATION_URL, cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pendingNotificationEmail).toBeNull();
    expect(await bystanderLinks()).toEqual(before);
  });

  it.each([null, 'admin@demo.test', 'clinic2@demo.test', 'attorney2@demo.test'])(
    'a link opened by %s confirms its owner’s address only',
    async (who) => {
      const address = `owner-${who?.split('@')[0] ?? 'anonymous'}@elsewhere.example`;
      await saveNotificationEmail(server, bystanderCookie, address);
      const token = await readConfirmationToken(server, address);
      const cookie = who ? await server.login(who) : undefined;
      const confirmed = await confirmToken(server, token, cookie);
      expect(confirmed.statusCode).toBe(200);
      const rows = await server.context.db
        .select({ email: users.email, address: notificationPreferences.notificationEmail })
        .from(notificationPreferences)
        .innerJoin(users, eq(users.id, notificationPreferences.userId));
      expect(rows).toContainEqual({ email: 'keystone@demo.test', address });
      const posterAddress = who ? (rows.find((row) => row.email === who)?.address ?? null) : null;
      expect(posterAddress).toBeNull();
    },
  );
});
