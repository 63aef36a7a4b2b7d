import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { readResetToken, sendResetLinkAsAdmin } from './password-test-support.ts';
import { HIDDEN_RESET_TOKEN } from './reset-link-visibility.ts';

/** With a mail server delivering mail, an admin reading the outbox cannot use a reset link. */
describe('reset links in the admin mail outbox', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Nothing listens there: the mail stays queued, as it would until the worker's next turn.
    server = await createTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows the admin the mail with the token hidden', async () => {
    const admin = await server.login('admin@demo.test');
    const [target] = await server.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'clinic@demo.test'));
    expect((await sendResetLinkAsAdmin(server, admin, target!.id)).statusCode).toBe(202);
    const token = await readResetToken(server, 'clinic@demo.test');

    const list = await server.request({
      url: '/api/admin/mail-outbox?search=clinic%40demo.test',
      cookie: admin,
    });
    const mail = list.json().items.find((item: { kind: string }) => item.kind === 'password_reset');
    const detail = await server.request({
      url: `/api/admin/mail-outbox/${mail.id}`,
      cookie: admin,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().text).toContain(`/reset-password?token=${HIDDEN_RESET_TOKEN}`);
    expect(detail.body).not.toContain(token);
  });
});
