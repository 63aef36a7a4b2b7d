import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditLogs,
  notificationPreferences,
  notifications,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';
import type { NewNotification } from './notification-writes.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Notifies as a write of no user's would, on its own Change. */
const notifyOnChange = (db: Db, recipientIds: readonly string[], notification: NewNotification) =>
  inChange(db, { actor: null, context: systemContext() }, (change) =>
    change.notify(recipientIds, notification),
  );

describe('notifications', () => {
  let server: TestServer;
  const cookies = new Map<string, string>();
  const userIds = new Map<string, string>();
  let maria: string;

  const cookie = async (email: DemoEmail) => {
    if (!cookies.has(email)) cookies.set(email, await server.login(email));
    return cookies.get(email)!;
  };
  const get = async (email: DemoEmail, url: string) =>
    server.request({ url, cookie: await cookie(email) });
  const notify = (emails: string[], content: string, patientId: string | null = maria) =>
    notifyOnChange(
      server.context.db,
      emails.map((email) => userIds.get(email)!),
      {
        type: 'message',
        content,
        patientId,
        linkTo: patientId ? `/patients/${patientId}?tab=messages` : null,
        fromRole: 'clinic',
      },
    );
  const readFlag = async (id: string) => {
    const [row] = await server.context.db
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row?.isRead;
  };

  beforeAll(async () => {
    server = await createTestServer();
    for (const user of await server.context.db
      .select({ id: users.id, email: users.email })
      .from(users))
      userIds.set(user.email, user.id);
    const [row] = await server.context.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    maria = row!.id;
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await server.context.db.delete(notifications).where(sql`true`);
    await server.context.db.delete(notificationPreferences).where(sql`true`);
  });

  it('lists only my own notifications, newest first, with the patient name and unread count', async () => {
    await notify(['attorney@demo.test', 'lienholder@demo.test'], 'first');
    await notify(['attorney@demo.test'], 'second');
    const mine = (await get('attorney@demo.test', '/api/notifications')).json();
    expect(mine.unreadCount).toBe(2);
    expect(mine.items.map((item: { content: string }) => item.content)).toEqual([
      'second',
      'first',
    ]);
    expect(mine.items[0]).toMatchObject({
      type: 'message',
      patientName: 'Maria Delgado',
      isRead: false,
      fromRole: 'clinic',
      linkTo: `/patients/${maria}?tab=messages`,
    });
    const theirs = (await get('lienholder@demo.test', '/api/notifications')).json();
    expect(theirs.items.map((item: { content: string }) => item.content)).toEqual(['first']);
    const none = (await get('clinic2@demo.test', '/api/notifications')).json();
    expect(none).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
    expect((await server.request({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('pages with a cursor', async () => {
    for (const n of [1, 2, 3]) await notify(['attorney@demo.test'], `page ${n}`);
    const first = (await get('attorney@demo.test', '/api/notifications?limit=2')).json();
    expect(first.items.map((item: { content: string }) => item.content)).toEqual([
      'page 3',
      'page 2',
    ]);
    const second = (
      await get('attorney@demo.test', `/api/notifications?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((item: { content: string }) => item.content)).toEqual(['page 1']);
    expect(second.nextCursor).toBeNull();
    // Someone else's notification id is no cursor into my list.
    const foreign = (
      await get('lienholder@demo.test', `/api/notifications?cursor=${first.nextCursor}`)
    ).json();
    expect(foreign.items).toEqual([]);
  });

  it('hides notifications about a patient the user can no longer see', async () => {
    await notify(['clinic2@demo.test'], 'about Maria');
    await notify(['clinic2@demo.test'], 'general', null);
    const list = (await get('clinic2@demo.test', '/api/notifications')).json();
    expect(list.items.map((item: { content: string }) => item.content)).toEqual(['general']);
    expect(list.unreadCount).toBe(1);
  });

  it('marks one of mine read, and answers 404 for anyone else\u2019s without changing it', async () => {
    await notify(['attorney@demo.test'], 'to read');
    const [item] = (await get('attorney@demo.test', '/api/notifications')).json().items;
    const patch = async (email: DemoEmail | null, id: string) =>
      server.request({
        method: 'PATCH',
        url: `/api/notifications/${id}/read`,
        ...(email ? { cookie: await cookie(email) } : {}),
      });

    const refused = [
      await patch('lienholder@demo.test', item.id),
      await patch('admin@demo.test', item.id),
      await patch('clinic@demo.test', item.id),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([404, 404, 404]);
    expect((await patch(null, item.id)).statusCode).toBe(401);
    expect(await readFlag(item.id)).toBe(false);

    expect((await patch('attorney@demo.test', 'not-a-uuid')).statusCode).toBe(404);
    expect((await patch('attorney@demo.test', MISSING_ID)).statusCode).toBe(404);
    expect((await patch('attorney@demo.test', item.id)).statusCode).toBe(204);
    expect(await readFlag(item.id)).toBe(true);
    expect((await get('attorney@demo.test', '/api/notifications')).json().unreadCount).toBe(0);
    // Marking it again is harmless.
    expect((await patch('attorney@demo.test', item.id)).statusCode).toBe(204);
  });

  it('marks all of mine read and nobody else\u2019s', async () => {
    await notify(['attorney@demo.test', 'lienholder@demo.test'], 'one');
    await notify(['attorney@demo.test'], 'two');
    const response = await server.request({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie: await cookie('attorney@demo.test'),
    });
    expect(response.json()).toEqual({ marked: 2 });
    expect((await get('attorney@demo.test', '/api/notifications')).json().unreadCount).toBe(0);
    expect((await get('lienholder@demo.test', '/api/notifications')).json().unreadCount).toBe(1);
  });

  it('creates notifications only for recipients whose toggle for the type is on', async () => {
    const db = server.context.db;
    await db.insert(notificationPreferences).values([
      { userId: userIds.get('attorney@demo.test')!, notifyOnStatusChange: false },
      { userId: userIds.get('lienholder@demo.test')!, notifyOnDocumentUpload: false },
    ]);
    const ids = ['attorney@demo.test', 'lienholder@demo.test'].map((email) => userIds.get(email)!);
    const status = await notifyOnChange(db, ids, { type: 'status_update', content: 'status' });
    const edit = await notifyOnChange(db, ids, { type: 'patient_edit', content: 'edit' });
    const upload = await notifyOnChange(db, ids, { type: 'document_upload', content: 'upload' });
    const access = await notifyOnChange(db, ids, { type: 'access_request', content: 'access' });
    expect(status).toEqual([userIds.get('lienholder@demo.test')]);
    expect(edit).toEqual([userIds.get('lienholder@demo.test')]);
    expect(upload).toEqual([userIds.get('attorney@demo.test')]);
    expect(access).toHaveLength(2);
    const rows = await db
      .select({ content: notifications.content })
      .from(notifications)
      .where(eq(notifications.recipientUserId, userIds.get('attorney@demo.test')!));
    expect(rows.map((row) => row.content).toSorted()).toEqual(['access', 'upload']);
  });

  describe('preferences', () => {
    it('defaults to the account e-mail, a daily digest and every toggle on', async () => {
      const response = await get('attorney@demo.test', '/api/notifications/preferences');
      expect(response.json()).toEqual({
        notificationEmail: 'attorney@demo.test',
        digestFrequency: 'Daily',
        notifyOnStatusChange: true,
        notifyOnDocumentUpload: true,
        notifyOnMessageReceived: true,
        notifyOnCaseRequests: true,
        notifyOnTreatmentGaps: true,
        notifyOnLienActivity: true,
        notifyOnVisits: true,
        pendingNotificationEmail: null,
      });
    });

    it('saves my preferences on the server, audited, and leaves everyone else\u2019s alone', async () => {
      const values = {
        notificationEmail: ' Alerts@Morgan.Example ',
        digestFrequency: 'Weekly',
        notifyOnStatusChange: false,
        notifyOnDocumentUpload: true,
        notifyOnMessageReceived: false,
      };
      const saved = await server.request({
        method: 'PUT',
        url: '/api/notifications/preferences',
        cookie: await cookie('attorney@demo.test'),
        body: values,
      });
      expect(saved.statusCode).toBe(200);
      // The new address waits for its confirmation link (notification-email.integration.test.ts).
      // A client that sends none of the three-party workflow's toggles leaves them as they are (all on by default).
      const expected = {
        ...values,
        notifyOnCaseRequests: true,
        notifyOnTreatmentGaps: true,
        notifyOnLienActivity: true,
        notifyOnVisits: true,
        notificationEmail: 'attorney@demo.test',
        pendingNotificationEmail: { email: 'alerts@morgan.example', expiresAt: expect.any(String) },
      };
      expect(saved.json()).toEqual(expected);
      expect((await get('attorney@demo.test', '/api/notifications/preferences')).json()).toEqual(
        expected,
      );
      expect(
        (await get('lienholder@demo.test', '/api/notifications/preferences')).json()
          .digestFrequency,
      ).toBe('Daily');
      const audit = await server.context.db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.action, 'notification_preferences_updated'),
            eq(auditLogs.userId, userIds.get('attorney@demo.test')!),
          ),
        );
      expect(audit).toHaveLength(1);

      // Switched off once, a toggle stays off through a save that does not name it.
      const attorney = await cookie('attorney@demo.test');
      const put = (body: object) =>
        server.request({
          method: 'PUT',
          url: '/api/notifications/preferences',
          cookie: attorney,
          body,
        });
      const unchanged = { ...values, notificationEmail: 'attorney@demo.test' };
      expect((await put({ ...unchanged, notifyOnTreatmentGaps: false })).statusCode).toBe(200);
      const kept = await put(unchanged);
      expect(kept.json()).toMatchObject({
        notifyOnCaseRequests: true,
        notifyOnTreatmentGaps: false,
        notifyOnLienActivity: true,
        notifyOnVisits: true,
      });
    });

    it('refuses an invalid e-mail or frequency and a signed-out save without storing anything', async () => {
      const base = {
        notificationEmail: 'ok@example.test',
        digestFrequency: 'Daily',
        notifyOnStatusChange: true,
        notifyOnDocumentUpload: true,
        notifyOnMessageReceived: true,
      };
      const put = async (body: unknown, signedIn = true) =>
        server.request({
          method: 'PUT',
          url: '/api/notifications/preferences',
          ...(signedIn ? { cookie: await cookie('attorney@demo.test') } : {}),
          body,
        });
      expect((await put({ ...base, notificationEmail: 'not-an-email' })).statusCode).toBe(400);
      expect((await put({ ...base, digestFrequency: 'Hourly' })).statusCode).toBe(400);
      expect((await put(base, false)).statusCode).toBe(401);
      const rows = await server.context.db.select().from(notificationPreferences);
      expect(rows).toEqual([]);
    });
  });
});
