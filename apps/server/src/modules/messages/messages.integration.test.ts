import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  events,
  messageReads,
  messages,
  messageTemplates,
  notificationPreferences,
  notifications,
  patients,
  users,
} from '#src/db/schema/index.ts';
import type { Db } from '#src/db/client.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';
import { expectOneAuditRow } from '#src/test/audit-rows.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Whether a `message.created` event about the patient names the message. */
async function isMessagePublished(db: Db, patientId: string, messageId: string) {
  const published = await db
    .select()
    .from(events)
    .where(and(eq(events.topic, 'message.created'), eq(events.patientId, patientId)));
  return published.some(
    (event) => (event.payload as { messageId?: string }).messageId === messageId,
  );
}

describe('team messages', () => {
  let server: TestServer;
  const cookies = new Map<string, string>();
  let maria: string;
  let sofia: string;
  const userIds = new Map<string, string>();

  const cookie = async (email: DemoEmail) => {
    if (!cookies.has(email)) cookies.set(email, await server.login(email));
    return cookies.get(email)!;
  };
  const send = async (email: DemoEmail, patientId: string, body: unknown) =>
    server.request({
      method: 'POST',
      url: `/api/patients/${patientId}/messages`,
      cookie: await cookie(email),
      body,
    });
  const thread = async (email: DemoEmail, patientId: string, query = '') =>
    server.request({
      url: `/api/patients/${patientId}/messages${query}`,
      cookie: await cookie(email),
    });
  const countRows = async (table: typeof messages | typeof notifications | typeof messageReads) => {
    const [row] = await server.context.db.select({ n: count() }).from(table);
    return Number(row?.n ?? 0);
  };
  const notificationsOf = async (messageContent: string) =>
    server.context.db
      .select({
        recipient: users.email,
        content: notifications.content,
        link: notifications.linkTo,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(eq(notifications.content, messageContent));

  beforeAll(async () => {
    server = await createTestServer();
    const db = server.context.db;
    const rows = await db.select({ id: patients.id, name: patients.fullName }).from(patients);
    maria = rows.find((row) => row.name === 'Maria Delgado')!.id;
    sofia = rows.find((row) => row.name === 'Sofia Rossi')!.id;
    for (const user of await db.select({ id: users.id, email: users.email }).from(users))
      userIds.set(user.email, user.id);
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await server.context.db.delete(notifications).where(sql`true`);
  });

  describe('reading a thread', () => {
    it.each([
      ['clinic@demo.test', 200],
      ['attorney@demo.test', 200],
      ['lienholder@demo.test', 200],
      ['admin@demo.test', 200],
      ['clinic2@demo.test', 404],
      ['attorney2@demo.test', 404],
      ['keystone@demo.test', 404],
    ] as const)('%s reading Maria Delgado gets %i', async (email, status) => {
      const response = await thread(email, maria);
      expect(response.statusCode).toBe(status);
      if (status === 404) expect(response.json().error.code).toBe('NOT_FOUND');
      else expect(response.json().items[0].body).toContain('New client referral');
    });

    it('answers missing, malformed and out-of-scope ids alike, and 401 when signed out', async () => {
      const missing = await thread('clinic@demo.test', MISSING_ID);
      const malformed = await thread('clinic@demo.test', 'not-a-uuid');
      const foreign = await thread('clinic@demo.test', sofia);
      expect(missing.statusCode).toBe(404);
      expect(malformed.json()).toEqual(missing.json());
      expect(foreign.json()).toEqual(missing.json());
      const signedOut = await server.request({ url: `/api/patients/${maria}/messages` });
      expect(signedOut.statusCode).toBe(401);
    });

    it('pages newest first with a cursor and counts the whole thread', async () => {
      const before = (await thread('clinic@demo.test', maria)).json().total as number;
      for (const n of [1, 2, 3, 4, 5]) {
        expect((await send('clinic@demo.test', maria, { body: `paging ${n}` })).statusCode).toBe(
          201,
        );
      }
      const first = (await thread('clinic@demo.test', maria, '?limit=2')).json();
      expect(first.total).toBe(before + 5);
      expect(first.items.map((item: { body: string }) => item.body)).toEqual([
        'paging 5',
        'paging 4',
      ]);
      const second = (
        await thread('clinic@demo.test', maria, `?limit=2&cursor=${first.nextCursor}`)
      ).json();
      expect(second.items.map((item: { body: string }) => item.body)).toEqual([
        'paging 3',
        'paging 2',
      ]);
      const rest = (
        await thread('clinic@demo.test', maria, `?limit=50&cursor=${second.nextCursor}`)
      ).json();
      expect(rest.nextCursor).toBeNull();
      expect(rest.items).toHaveLength(before + 1);
      // A cursor from another patient's thread yields nothing rather than foreign rows.
      const alien = (await thread('clinic@demo.test', maria, `?cursor=${MISSING_ID}`)).json();
      expect(alien.items).toEqual([]);
    });

    it('audits every read of the thread, later pages and refetches included', async () => {
      // Thomas Becker's thread: no other test here opens it, so every view row below is ours.
      const [becker] = await server.context.db
        .select({ id: patients.id })
        .from(patients)
        .where(eq(patients.fullName, 'Thomas Becker'));
      const filter = {
        email: 'lienholder@demo.test',
        action: 'messages_viewed',
        patientId: becker!.id,
      } as const;
      const reads = ['', '', `?cursor=${MISSING_ID}`];
      for (const query of reads) {
        const { response } = await expectOneAuditRow(server, filter, () =>
          thread('lienholder@demo.test', becker!.id, query),
        );
        expect(response.statusCode).toBe(200);
      }
    });
  });

  describe('sending', () => {
    it('stores the trimmed body and notifies exactly the patient team and admins, sender excluded', async () => {
      const response = await send('clinic@demo.test', maria, {
        body: '  Evaluation booked for Monday.  ',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toMatchObject({
        body: 'Evaluation booked for Monday.',
        senderName: 'Casey Harbor',
        senderRole: 'clinic',
        senderOrganizationName: 'Harbor Physical Therapy',
        isReadByMe: true,
        isReadByOthers: false,
      });
      expect(body.emailStatus).toBe('not_requested');
      const text = 'New message from Harbor Physical Therapy regarding Maria Delgado';
      const sent = await notificationsOf(text);
      expect(sent.map((row) => row.recipient).toSorted()).toEqual([
        'admin@demo.test',
        'attorney@demo.test',
        'lienholder@demo.test',
      ]);
      expect(body.notifiedUsers).toBe(3);
      expect(sent.every((row) => row.link === `/patients/${maria}?tab=messages`)).toBe(true);
      expect(await isMessagePublished(server.context.db, maria, body.message.id)).toBe(true);
    });

    it('names the organisation of each kind of sender, and Administrator for admins', async () => {
      await send('admin@demo.test', maria, { body: 'Admin note' });
      const fromAdmin = await notificationsOf(
        'New message from Administrator regarding Maria Delgado',
      );
      expect(fromAdmin.map((row) => row.recipient).toSorted()).toEqual([
        'attorney@demo.test',
        'clinic@demo.test',
        'lienholder@demo.test',
      ]);
      await send('lienholder@demo.test', maria, { body: 'Lien note' });
      const fromLien = await notificationsOf(
        'New message from MedLien Funding Partners regarding Maria Delgado',
      );
      expect(fromLien.map((row) => row.recipient).toSorted()).toEqual([
        'admin@demo.test',
        'attorney@demo.test',
        'clinic@demo.test',
      ]);
    });

    it('reaches every clinic of a shared patient and never anyone outside its scope', async () => {
      const [emily] = await server.context.db
        .select({ id: patients.id })
        .from(patients)
        .where(eq(patients.fullName, 'Emily Chen'));
      await send('attorney@demo.test', emily!.id, { body: 'Any update?' });
      const sent = await notificationsOf(
        'New message from Morgan & Hale Injury Law regarding Emily Chen',
      );
      expect(sent.map((row) => row.recipient).toSorted()).toEqual([
        'admin@demo.test',
        'clinic2@demo.test',
        'clinic@demo.test',
        'keystone@demo.test',
        'lienholder@demo.test',
      ]);
    });

    it('leaves out inactive users and users who switched message notifications off', async () => {
      const db = server.context.db;
      await db.update(users).set({ active: false }).where(eq(users.email, 'lienholder@demo.test'));
      await db
        .insert(notificationPreferences)
        .values({ userId: userIds.get('attorney@demo.test')!, notifyOnMessageReceived: false });
      try {
        await send('clinic@demo.test', maria, { body: 'Quiet hours' });
        const sent = await notificationsOf(
          'New message from Harbor Physical Therapy regarding Maria Delgado',
        );
        expect(sent.map((row) => row.recipient)).toEqual(['admin@demo.test']);
      } finally {
        await db.update(users).set({ active: true }).where(eq(users.email, 'lienholder@demo.test'));
        await db
          .delete(notificationPreferences)
          .where(eq(notificationPreferences.userId, userIds.get('attorney@demo.test')!));
      }
    });

    it('refuses out-of-scope, missing, blank and signed-out sends without changing anything', async () => {
      const before = {
        messages: await countRows(messages),
        notifications: await countRows(notifications),
      };
      const attempts = [
        await send('clinic2@demo.test', maria, { body: 'sneaky' }),
        await send('attorney2@demo.test', maria, { body: 'sneaky' }),
        await send('clinic@demo.test', MISSING_ID, { body: 'nobody' }),
        await send('clinic@demo.test', maria, { body: '   \n  ' }),
        await server.request({
          method: 'POST',
          url: `/api/patients/${maria}/messages`,
          body: { body: 'x' },
        }),
      ];
      expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 400, 401]);
      expect(await countRows(messages)).toBe(before.messages);
      expect(await countRows(notifications)).toBe(before.notifications);
    });

    it('records an active admin template and refuses an unknown one', async () => {
      const [template] = await server.context.db
        .select({ id: messageTemplates.id })
        .from(messageTemplates)
        .where(eq(messageTemplates.title, 'Records request'));
      const ok = await send('clinic@demo.test', maria, {
        body: 'From a template',
        templateId: template!.id,
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().message.templateId).toBe(template!.id);
      const unknown = await send('clinic@demo.test', maria, { body: 'x', templateId: MISSING_ID });
      expect(unknown.statusCode).toBe(400);
    });

    it('keeps the message when the recipients step fails, and reports the e-mail as failed', async () => {
      const db = server.context.db;
      await db.execute(
        sql`create or replace function fail_notifications() returns trigger language plpgsql as $$ begin raise exception 'notifications unavailable'; end $$`,
      );
      await db.execute(
        sql`create trigger fail_notifications before insert on notifications for each row execute function fail_notifications()`,
      );
      try {
        const response = await send('clinic@demo.test', maria, {
          body: 'Survives a failure',
          notifyByEmail: true,
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ notifiedUsers: 0, emailStatus: 'failed' });
        const stored = await db
          .select()
          .from(messages)
          .where(eq(messages.body, 'Survives a failure'));
        expect(stored).toHaveLength(1);
        expect(await countRows(notifications)).toBe(0);
        expect(await isMessagePublished(db, maria, stored[0]!.id)).toBe(true);
      } finally {
        await db.execute(sql`drop trigger if exists fail_notifications on notifications`);
      }
    });
  });

  describe('read receipts', () => {
    it('shows a single check until someone else reads, then a double check', async () => {
      const sent = (
        await send('clinic@demo.test', maria, { body: 'Please confirm receipt' })
      ).json();
      const id = sent.message.id as string;
      const findIn = async (email: DemoEmail) =>
        (await thread(email, maria)).json().items.find((item: { id: string }) => item.id === id);

      expect(await findIn('attorney@demo.test')).toMatchObject({
        isReadByMe: false,
        isReadByOthers: false,
      });
      expect(await findIn('clinic@demo.test')).toMatchObject({
        isReadByMe: true,
        isReadByOthers: false,
      });

      const read = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/messages/read`,
        cookie: await cookie('attorney@demo.test'),
        body: { messageIds: [id] },
      });
      expect(read.json()).toEqual({ marked: 1 });
      expect(await findIn('clinic@demo.test')).toMatchObject({ isReadByOthers: true });
      expect(await findIn('attorney@demo.test')).toMatchObject({ isReadByMe: true });
      const readEvents = await server.context.db
        .select()
        .from(events)
        .where(and(eq(events.topic, 'message.read'), eq(events.patientId, maria)));
      expect(readEvents.length).toBeGreaterThan(0);

      const again = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/messages/read`,
        cookie: await cookie('attorney@demo.test'),
        body: { messageIds: [id] },
      });
      expect(again.json()).toEqual({ marked: 0 });
    });

    it('refuses receipts on a patient out of scope and ignores ids of other threads', async () => {
      const sent = (await send('clinic@demo.test', maria, { body: 'Scoped receipt' })).json();
      const id = sent.message.id as string;
      const before = await countRows(messageReads);
      const foreign = await server.request({
        method: 'POST',
        url: `/api/patients/${maria}/messages/read`,
        cookie: await cookie('clinic2@demo.test'),
        body: { messageIds: [id] },
      });
      expect(foreign.statusCode).toBe(404);
      // clinic2 sees Sofia Rossi, but Maria's message id does not belong to that thread.
      const crossThread = await server.request({
        method: 'POST',
        url: `/api/patients/${sofia}/messages/read`,
        cookie: await cookie('clinic2@demo.test'),
        body: { messageIds: [id] },
      });
      expect(crossThread.json()).toEqual({ marked: 0 });
      expect(await countRows(messageReads)).toBe(before);
      const reads = await server.context.db
        .select()
        .from(messageReads)
        .where(inArray(messageReads.messageId, [id]));
      expect(reads.map((row) => row.userId)).toEqual([userIds.get('clinic@demo.test')]);
    });
  });
});
