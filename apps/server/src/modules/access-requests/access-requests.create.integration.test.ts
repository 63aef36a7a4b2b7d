import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessRequests,
  auditLogs,
  events,
  mailOutbox,
  notifications,
  users,
} from '#src/db/schema/index.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { formMessage } from '#src/test/form-message.ts';

const REQUIRED = 'Please fill out all required fields.';

const validRequest = {
  name: '  Jordan Lee ',
  email: ' Jordan.Lee@LeePhysio.example ',
  organization: 'Lee Physio',
  phone: '555-0100',
  role: 'clinic',
};

describe('POST /api/access-requests', () => {
  let server: TestServer;
  const secondAdmin = { id: randomUUID(), email: 'second-admin@demo.test' };
  const inactiveAdmin = { id: randomUUID(), email: 'retired-admin@demo.test' };

  beforeAll(async () => {
    server = await createTestServer();
    await server.context.db.insert(users).values([
      { ...secondAdmin, name: 'Second Admin', role: 'admin', active: true },
      { ...inactiveAdmin, name: 'Retired Admin', role: 'admin', active: false },
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  async function countRows() {
    const db = server.context.db;
    return {
      requests: (await db.select().from(accessRequests)).length,
      notifications: (await db.select().from(notifications)).length,
      mails: (await db.select().from(mailOutbox)).length,
    };
  }

  it('stores the request, signed out, and tells every active admin in the app and by e-mail', async () => {
    const db = server.context.db;
    const response = await server.request({
      method: 'POST',
      url: '/api/access-requests',
      // A caller cannot approve its own request.
      body: { ...validRequest, status: 'approved' },
    });
    expect(response.statusCode).toBe(201);
    const { id, status } = response.json();
    expect(status).toBe('pending');

    const [stored] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
    expect(stored).toMatchObject({
      name: 'Jordan Lee',
      email: 'jordan.lee@leephysio.example',
      organization: 'Lee Physio',
      phone: '555-0100',
      role: 'clinic',
      status: 'pending',
    });

    const admins = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true)));
    expect(admins.map((admin) => admin.email).toSorted()).toEqual(
      ['admin@demo.test', secondAdmin.email].toSorted(),
    );

    const notified = await db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'access_request'));
    expect(notified.map((row) => row.recipientUserId).toSorted()).toEqual(
      admins.map((admin) => admin.id).toSorted(),
    );
    for (const row of notified) {
      expect(row.content).toContain('Jordan Lee');
      expect(row.content).toContain('Lee Physio');
      expect(row.isRead).toBe(false);
      expect(row.linkTo).toMatch(/^\/dashboard\/admin/);
    }

    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'access_request'));
    expect(mails.map((mail) => mail.toAddress).toSorted()).toEqual(
      admins.map((admin) => admin.email).toSorted(),
    );
    for (const mail of mails) {
      expect(mail.status).toBe('pending');
      expect(mail.subject).toContain('Lee Physio');
      expect(mail.text).toContain('jordan.lee@leephysio.example');
      expect(mail.html).toContain('Jordan Lee');
    }

    const [event] = await db
      .select()
      .from(events)
      .where(eq(events.topic, 'access-request.created'));
    expect(event).toBeDefined();
    const audited = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'access_request_created'));
    expect(audited).toHaveLength(1);
  });

  it('does not notify inactive admins or anyone who is not an admin', async () => {
    const db = server.context.db;
    const nonAdmins = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['clinic@demo.test', 'attorney@demo.test', inactiveAdmin.email]));
    const wrongly = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'access_request'),
          inArray(
            notifications.recipientUserId,
            nonAdmins.map((user) => user.id),
          ),
        ),
      );
    expect(wrongly).toEqual([]);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, inactiveAdmin.email));
    expect(mails).toEqual([]);
  });

  it.each(['name', 'organization', 'phone'] as const)(
    'refuses a blank %s with the spec message and stores nothing',
    async (field) => {
      const before = await countRows();
      const response = await server.request({
        method: 'POST',
        url: '/api/access-requests',
        body: { ...validRequest, [field]: '   ' },
      });
      expect(response.statusCode).toBe(400);
      // The spec's words, and the field they are about.
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: `${field}: ${REQUIRED}`,
          details: [{ field, location: 'body', message: REQUIRED }],
        },
      });
      expect(await countRows()).toEqual(before);
    },
  );

  it('refuses a request without a role, or with every field blank, with the spec message', async () => {
    const before = await countRows();
    for (const body of [
      { ...validRequest, role: '' },
      { name: '', email: '', organization: '', phone: '', role: '' },
      { email: 'someone@example.com' },
    ]) {
      const response = await server.request({ method: 'POST', url: '/api/access-requests', body });
      expect(response.statusCode).toBe(400);
      expect(formMessage(response)).toBe(REQUIRED);
    }
    expect(await countRows()).toEqual(before);
  });

  it('refuses an invalid e-mail address', async () => {
    const response = await server.request({
      method: 'POST',
      url: '/api/access-requests',
      body: { ...validRequest, email: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    expect(formMessage(response)).toBe('Please enter a valid email address');
  });
});
