import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, mailOutbox, users } from '#src/db/schema/index.ts';
import { HIDDEN_LINK_TOKEN } from '#src/mail/session-links.ts';
import { createTokenAs, requestWithToken } from '#src/modules/api-tokens/api-token-test-support.ts';
import {
  confirmToken,
  readConfirmationToken,
  saveNotificationEmail,
} from '#src/modules/notifications/notification-email-test-support.ts';
import {
  readResetToken,
  sendResetLinkAsAdmin,
} from '#src/modules/passwords/password-test-support.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/** The secret a mail of `kind` to `to` carries, read from the database (only the recipient has it). */
async function tokenIn(server: TestServer, to: string, kind: string, linkPath: string) {
  const [mail] = await server.context.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = new RegExp(`${linkPath}\\?token=([\\w%-]+)`).exec(mail?.text ?? '')?.[1];
  if (!mail || !token) throw new Error(`no ${kind} mail to ${to}`);
  return { mailId: mail.id, token };
}

/**
 * Whoever reads the outbox, an admin or an API token holding `admin:mail`, never gets a link that
 * acts for the mail's recipient: invitations, password resets and address confirmations show
 * their token hidden, with a mail server and without one. The recipient's link still works.
 */
describe.each([
  { setup: 'without a mail server', env: {} as Record<string, string> },
  // Nothing listens there: the mail stays queued, as it would until the job's next turn.
  { setup: 'with a mail server', env: { SMTP_URL: 'smtp://127.0.0.1:9' } },
])('secret links in the mail outbox, $setup', ({ env }) => {
  let server: TestServer;
  let admin: string;
  let mailToken: string;

  beforeAll(async () => {
    server = await createTestServer(env);
    admin = await server.login('admin@demo.test');
    mailToken = (
      await createTokenAs(server, admin, {
        name: 'mail reader',
        organizationId: null,
        capabilities: ['admin:mail'],
      })
    ).secret;
  });
  afterAll(async () => {
    await server.close();
  });

  /** The mail as the admin and as the token read it: the token hidden, the read audited. */
  async function expectHidden(mailId: string, token: string, linkPath: string) {
    const readers = [
      (url: string) => server.request({ url, cookie: admin }),
      (url: string) => requestWithToken(server, mailToken, { url }),
    ];
    for (const read of readers) {
      const detail = await read(`/api/admin/mail-outbox/${mailId}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toContain(token);
      expect(detail.json().text).toContain(`${linkPath}?token=${HIDDEN_LINK_TOKEN}`);
      expect(detail.json().hiddenLinks).toBe(1);
      const list = await read('/api/admin/mail-outbox');
      expect(list.body).not.toContain(token);
    }
    const audited = await server.context.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'mail_viewed'));
    expect(audited.filter((row) => row.details?.endsWith(mailId))).toHaveLength(2);
  }

  it('hides an invitation link; the invited user still sets a password with it', async () => {
    const email = `invited.${Date.now()}@example.test`;
    const created = await server.request({
      method: 'POST',
      url: '/api/users',
      cookie: admin,
      body: { name: 'Ina Invited', email, role: 'admin' },
    });
    expect(created.statusCode).toBe(201);
    const { mailId, token } = await tokenIn(server, email, 'invitation', '/accept-invite');
    await expectHidden(mailId, token, '/accept-invite');
    const accepted = await server.request({
      method: 'POST',
      url: '/api/invitations/accept',
      body: { token: decodeURIComponent(token), password: 'a long chosen passphrase' },
    });
    expect(accepted.statusCode).toBeLessThan(300);
  });

  it('hides a password-reset link, an admin’s and an anonymous request’s', async () => {
    const [target] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'clinic@demo.test'));
    expect((await sendResetLinkAsAdmin(server, admin, target!.id)).statusCode).toBe(202);
    const sent = await tokenIn(server, 'clinic@demo.test', 'password_reset', '/reset-password');
    expect(sent.token).toBe(await readResetToken(server, 'clinic@demo.test'));
    await expectHidden(sent.mailId, sent.token, '/reset-password');

    const asked = await server.request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      body: { email: 'admin@demo.test' },
    });
    expect(asked.statusCode).toBe(202);
    const own = await tokenIn(server, 'admin@demo.test', 'password_reset', '/reset-password');
    await expectHidden(own.mailId, own.token, '/reset-password');
  });

  it('hides a notification-address confirmation link', async () => {
    const attorney = await server.login('attorney@demo.test');
    const address = `alerts.${Date.now()}@example.test`;
    expect((await saveNotificationEmail(server, attorney, address)).statusCode).toBe(200);
    const token = await readConfirmationToken(server, address);
    const { mailId } = await tokenIn(
      server,
      address,
      'notification_email_confirmation',
      '/confirm-notification-email',
    );
    await expectHidden(mailId, token, '/confirm-notification-email');
    expect((await confirmToken(server, token)).statusCode).toBeLessThan(300);
  });
});
