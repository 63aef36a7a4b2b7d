import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getInvitationNotice } from '@casebridge/domain/users/invitation-delivery';
import { mailOutbox } from '#src/db/schema/index.ts';
import { getFreePort, startTestSmtpServer, type TestSmtpServer } from '#src/mail/smtp-sink.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { getOrganizationId } from './user-test-support.ts';

/**
 * 'An invitation was e-mailed' only when a mail server accepted it: creating,
 * approving or re-inviting a user tries the mail server at once and answers with where the
 * invitation stands; the user list shows it too.
 */
describe('invitation delivery', () => {
  let smtp: TestSmtpServer;
  let up: TestServer;
  let down: TestServer;
  let adminUp: string;
  let adminDown: string;
  let harborId: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    up = await createTestServer({ SMTP_URL: smtp.url });
    down = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${await getFreePort()}` });
    adminUp = await up.login('admin@demo.test');
    adminDown = await down.login('admin@demo.test');
    harborId = await getOrganizationId(up, 'Harbor Physical Therapy');
  });
  afterAll(async () => {
    await Promise.all([up.close(), down.close()]);
    await smtp.close();
  });

  const newClinicUser = (email: string) => ({
    name: 'Ivy Invite',
    email,
    role: 'clinic',
    organizationId: harborId,
  });
  const listed = async (server: TestServer, cookie: string, email: string) =>
    (await server.request({ url: `/api/users?search=${email}`, cookie })).json().items[0];
  const outboxRow = async (server: TestServer, email: string) =>
    (await server.context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).at(
      -1,
    )!;

  it('says e-mailed once the mail server has accepted the invitation', async () => {
    const email = 'ivy.sent@example.test';
    const created = await up.request({
      method: 'POST',
      url: '/api/users',
      cookie: adminUp,
      body: newClinicUser(email),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().invitation).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    // Really received, before the answer came.
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(await outboxRow(up, email)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await listed(up, adminUp, email)).invitation.status).toBe('sent');
    expect(getInvitationNotice(email, created.json().invitation)).toBe(
      `An invitation was e-mailed to ${email}.`,
    );

    // A new link goes out at once too.
    const resent = await up.request({
      method: 'POST',
      url: `/api/users/${created.json().id}/invitation`,
      cookie: adminUp,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ email, invitation: { status: 'sent' } });
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(2);
  });

  it('says queued while the mail server is down, and the list shows it queued', async () => {
    const email = 'ivy.queued@example.test';
    const created = await down.request({
      method: 'POST',
      url: '/api/users',
      cookie: adminDown,
      body: newClinicUser(email),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().invitation).toMatchObject({ status: 'queued', sentAt: null });
    expect(getInvitationNotice(email, created.json().invitation)).toBe(
      'The invitation is queued and will be e-mailed when the mail server accepts it.',
    );
    // Tried once, refused, and waiting for its retry.
    const row = await outboxRow(down, email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect((await listed(down, adminDown, email)).invitation).toMatchObject({ status: 'queued' });

    const resent = await down.request({
      method: 'POST',
      url: `/api/users/${created.json().id}/invitation`,
      cookie: adminDown,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.status).toBe('queued');

    // Given up on after the retries: the list says so.
    await down.context.db
      .update(mailOutbox)
      .set({ status: 'failed' })
      .where(eq(mailOutbox.toAddress, email));
    expect((await listed(down, adminDown, email)).invitation.status).toBe('failed');
  });

  it('approving an access request answers with the invitation’s delivery too', async () => {
    for (const [server, cookie, email, status] of [
      [up, adminUp, 'rae.sent@request.example', 'sent'],
      [down, adminDown, 'rae.queued@request.example', 'queued'],
    ] as const) {
      const request = await server.request({
        method: 'POST',
        url: '/api/access-requests',
        body: {
          name: 'Rae Request',
          email,
          organization: 'Harbor',
          phone: '555-0142',
          role: 'clinic',
        },
      });
      const approved = await server.request({
        method: 'POST',
        url: `/api/access-requests/${request.json().id}/approve`,
        cookie,
        body: { role: 'clinic', organizationId: harborId },
      });
      expect(approved.statusCode).toBe(201);
      expect(approved.json()).toMatchObject({ email, invitation: { status } });
    }
  });

  it('lists seeded accounts, which were never invited, without a delivery', async () => {
    expect((await listed(up, adminUp, 'clinic@demo.test')).invitation).toBeNull();
  });
});
