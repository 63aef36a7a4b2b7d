import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_CORRECTION_TEXTS } from '@casebridge/domain/messages/message.schemas';
import { formatEtag } from '@casebridge/domain/versioning/versioning';
import {
  auditLogs,
  events,
  mailOutbox,
  messages,
  recordHistory,
  settings,
} from '#src/db/schema/index.ts';
import { getPatientId, subscribeAs } from '#src/modules/documents/document-test-support.ts';
import { createTestServer, type DemoEmail, type TestServer } from '#src/test/test-server.ts';
import { expectVersionRequired, writeTwiceFromOneVersion } from '#src/test/versioned-writes.ts';

type MessageJson = {
  id: string;
  body: string | null;
  editedAt: string | null;
  retractedAt: string | null;
  version: number;
};

/**
 * The sender's corrections of a team message: an edit within 15 minutes, shown as
 * edited, the old text kept in the history; a retraction whose text then reaches admins only,
 * in the thread, the live event and the e-mails not yet sent.
 */
describe('message corrections', () => {
  let server: TestServer;
  let maria: string;
  const cookies = new Map<string, string>();
  const cookie = async (email: DemoEmail) => {
    if (!cookies.has(email)) cookies.set(email, await server.login(email));
    return cookies.get(email)!;
  };

  beforeAll(async () => {
    server = await createTestServer();
    maria = await getPatientId(server, 'Maria Delgado');
  });
  afterAll(async () => server.close());

  const send = async (email: DemoEmail, body: string, notifyByEmail = false) => {
    const response = await server.request({
      method: 'POST',
      url: `/api/patients/${maria}/messages`,
      cookie: await cookie(email),
      body: { body, notifyByEmail },
    });
    expect(response.statusCode).toBe(201);
    return response.json().message as MessageJson;
  };
  const messageUrl = (id: string) => `/api/patients/${maria}/messages/${id}`;
  const edit = async (email: DemoEmail, id: string, body: string, version?: number) =>
    server.request({
      method: 'PATCH',
      url: messageUrl(id),
      cookie: await cookie(email),
      body: { body },
      ...(version === undefined ? {} : { headers: { 'if-match': formatEtag(version) } }),
    });
  const retract = async (email: DemoEmail, id: string, version: number) =>
    server.request({
      method: 'POST',
      url: `${messageUrl(id)}/retract`,
      cookie: await cookie(email),
      body: { version },
    });
  const seenBy = async (email: DemoEmail, id: string) => {
    const response = await server.request({
      url: `/api/patients/${maria}/messages?limit=100`,
      cookie: await cookie(email),
    });
    expect(response.statusCode).toBe(200);
    return (response.json().items as MessageJson[]).find((item) => item.id === id);
  };
  const rowOf = async (id: string) =>
    (await server.context.db.select().from(messages).where(eq(messages.id, id)))[0];
  const sentMinutesAgo = async (id: string, minutes: number) =>
    server.context.db
      .update(messages)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(messages.id, id));

  it('the sender edits within the window: everyone sees the new text marked edited; the old text is in the history', async () => {
    const sent = await send('clinic@demo.test', 'MRI booked for Tuesdya.');
    expect(sent).toMatchObject({ version: 1, editedAt: null, retractedAt: null });
    const attorney = await subscribeAs(server, 'attorney@demo.test');
    await sentMinutesAgo(sent.id, 14);

    const edited = await edit('clinic@demo.test', sent.id, 'MRI booked for Tuesday.', 1);
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).toBe(formatEtag(2));
    expect(edited.json()).toMatchObject({ body: 'MRI booked for Tuesday.', version: 2 });
    expect(edited.json().editedAt).toEqual(expect.any(String));
    expect(await seenBy('attorney@demo.test', sent.id)).toMatchObject({
      body: 'MRI booked for Tuesday.',
      editedAt: edited.json().editedAt,
    });

    const [history] = await server.context.db
      .select()
      .from(recordHistory)
      .where(eq(recordHistory.recordId, sent.id));
    expect(history).toMatchObject({
      recordType: 'message',
      version: 2,
      action: 'edited',
      changes: { body: { from: 'MRI booked for Tuesdya.', to: 'MRI booked for Tuesday.' } },
      actorName: 'Casey Harbor',
    });
    const audits = await server.context.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'message_edited'), eq(auditLogs.patientId, maria)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).not.toContain('Tuesday');

    await server.flushEvents();
    expect(
      attorney.received
        .filter((event) => event.topic === 'message.changed')
        .map((event) => event.payload),
    ).toEqual([{ messageId: sent.id }]);
    attorney.remove();

    // Admins read the edits; nobody else may.
    const adminHistory = await server.request({
      url: `${messageUrl(sent.id)}/history`,
      cookie: await cookie('admin@demo.test'),
    });
    expect(adminHistory.json().items).toMatchObject([
      { action: 'edited', changes: { body: { from: 'MRI booked for Tuesdya.' } } },
    ]);
    const clinicHistory = await server.request({
      url: `${messageUrl(sent.id)}/history`,
      cookie: await cookie('clinic@demo.test'),
    });
    expect(clinicHistory.statusCode).toBe(403);
  });

  it('refuses an edit after 15 minutes, by anyone but the sender, from a stale version or naming none', async () => {
    const sent = await send('clinic@demo.test', 'Please send the lien letter.');
    const before = await rowOf(sent.id);

    const byOther = await edit('attorney@demo.test', sent.id, 'Hijacked', 1);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe(MESSAGE_CORRECTION_TEXTS.notSender);
    expect((await retract('admin@demo.test', sent.id, 1)).statusCode).toBe(403);

    await expectVersionRequired(server, {
      method: 'PATCH',
      url: messageUrl(sent.id),
      cookie: await cookie('clinic@demo.test'),
      body: { body: 'No version' },
    });

    await sentMinutesAgo(sent.id, 16);
    const late = await edit('clinic@demo.test', sent.id, 'Too late', 1);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe(MESSAGE_CORRECTION_TEXTS.editWindowClosed);
    const after = await rowOf(sent.id);
    expect({ ...after, createdAt: null }).toEqual({ ...before, createdAt: null });

    const fresh = await send('clinic@demo.test', 'Two tabs, one message.');
    const clinic = await cookie('clinic@demo.test');
    const { saved, refused } = await writeTwiceFromOneVersion(server, {
      method: 'PATCH',
      url: messageUrl(fresh.id),
      version: 1,
      first: { cookie: clinic, body: { body: 'From the first tab.' } },
      second: { cookie: clinic, body: { body: 'From the second tab.' } },
    });
    expect(refused.current).toEqual(saved);
    expect((await rowOf(fresh.id))?.body).toBe('From the first tab.');
  });

  it('a retracted message’s text reaches admins only: not the thread, the event or unsent e-mail', async () => {
    await server.context.db
      .update(settings)
      .set({ detailedEmailContent: true, emailNotificationsEnabled: true })
      .where(eq(settings.id, true));
    const secret = 'Wrong patient: knee MRI shows a torn ACL.';
    const sent = await send('clinic@demo.test', secret, true);
    const other = await send('attorney@demo.test', 'A second message, still standing.', true);
    const mailsOf = async (text: string) =>
      (await server.context.db.select().from(mailOutbox)).filter((mail) =>
        mail.text.includes(text),
      );
    expect(await mailsOf(secret)).toHaveLength(3);
    // The attorney reads it before it is retracted: the receipt stays.
    const read = await server.request({
      method: 'POST',
      url: `/api/patients/${maria}/messages/read`,
      cookie: await cookie('attorney@demo.test'),
      body: { messageIds: [sent.id] },
    });
    expect(read.json()).toEqual({ marked: 1 });
    const lienholder = await subscribeAs(server, 'lienholder@demo.test');

    const retracted = await retract('clinic@demo.test', sent.id, 1);
    expect(retracted.statusCode).toBe(200);
    expect(retracted.json()).toMatchObject({ body: null, version: 2, isReadByOthers: true });
    expect(retracted.json().retractedAt).toEqual(expect.any(String));

    for (const email of [
      'clinic@demo.test',
      'attorney@demo.test',
      'lienholder@demo.test',
    ] as const) {
      const seen = await seenBy(email, sent.id);
      expect(seen).toMatchObject({ body: null, senderName: 'Casey Harbor' });
      expect(JSON.stringify(seen)).not.toContain('torn ACL');
    }
    expect(await seenBy('admin@demo.test', sent.id)).toMatchObject({
      body: secret,
      retractedAt: retracted.json().retractedAt,
    });

    await server.flushEvents();
    const changed = lienholder.received.filter((event) => event.topic === 'message.changed');
    expect(changed.map((event) => event.payload)).toEqual([{ messageId: sent.id }]);
    lienholder.remove();
    const stored = await server.context.db.select().from(events);
    expect(JSON.stringify(stored.map((event) => event.payload))).not.toContain('torn ACL');

    // The e-mails that had not left lose the text; the other message's keep theirs.
    expect(await mailsOf(secret)).toEqual([]);
    expect(await mailsOf('A second message, still standing.')).toHaveLength(3);
    expect(other.body).toBe('A second message, still standing.');

    // Retracted is final: no edit, no second retraction.
    const again = await retract('clinic@demo.test', sent.id, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGE_CORRECTION_TEXTS.isRetracted);
    expect((await edit('clinic@demo.test', sent.id, 'Oops', 2)).statusCode).toBe(409);

    const history = await server.context.db
      .select({ action: recordHistory.action, version: recordHistory.version })
      .from(recordHistory)
      .where(eq(recordHistory.recordId, sent.id));
    expect(history).toEqual([{ action: 'retracted', version: 2 }]);
    const audits = await server.context.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'message_retracted'));
    expect(audits).toEqual([
      {
        details: `message ${sent.id} retracted; 3 unsent e-mail(s) no longer carry its text`,
      },
    ]);
  });
});
