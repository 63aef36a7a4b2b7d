import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  jobs,
  mailOutbox,
  notificationPreferences,
  notifications,
  patients,
  settings,
  users,
} from '#src/db/schema/index.ts';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';
import { runNotificationDigests } from './digest.ts';
import type { NewNotification } from './notification-writes.ts';
import { startTestSmtpServer, type TestSmtpServer } from '#src/mail/smtp-sink.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const APP_URL = 'http://localhost:3000';

/** Notifies as a write of no user's would, on its own Change. */
const notifyOnChange = (db: Db, recipientIds: readonly string[], notification: NewNotification) =>
  inChange(db, { actor: null, context: systemContext() }, (change) =>
    change.notify(recipientIds, notification),
  );

describe('notification digests', () => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  const ids = new Map<string, string>();
  let maria: string;

  const notify = (emails: string[], content: string) =>
    notifyOnChange(
      server.context.db,
      emails.map((email) => ids.get(email)!),
      { type: 'message', content, patientId: maria, linkTo: `/patients/${maria}?tab=messages` },
    );
  const run = (now: Date) => runNotificationDigests(server.context.db, { now, appUrl: APP_URL });
  const takeOutbox = async () => {
    const rows = await server.context.db.select().from(mailOutbox);
    await server.context.db.delete(mailOutbox).where(sql`true`);
    await server.context.db.delete(jobs).where(eq(jobs.name, 'mail.send'));
    return rows;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await createTestServer({ SMTP_URL: smtp.url });
    const db = server.context.db;
    for (const user of await db.select({ id: users.id, email: users.email }).from(users))
      ids.set(user.email, user.id);
    const [row] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, 'Maria Delgado'));
    maria = row!.id;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends daily and weekly digests of unread notifications on schedule, per preferences', async () => {
    const db = server.context.db;
    await db.insert(notificationPreferences).values([
      { userId: ids.get('lienholder@demo.test')!, digestFrequency: 'Weekly' },
      { userId: ids.get('clinic@demo.test')!, digestFrequency: 'None' },
      { userId: ids.get('admin@demo.test')!, notificationEmail: 'ops@casebridge.example' },
    ]);
    await notify(
      ['attorney@demo.test', 'lienholder@demo.test', 'clinic@demo.test', 'admin@demo.test'],
      'New message from Harbor Physical Therapy regarding Maria Delgado',
    );
    await notify(['attorney@demo.test'], 'Second note regarding Maria Delgado');
    // The admin already read theirs: nothing to digest.
    await db
      .update(notifications)
      .set({ isRead: true })
      .where(eq(notifications.recipientUserId, ids.get('admin@demo.test')!));
    const start = new Date();

    expect(await run(start)).toBe(2);
    const first = await takeOutbox();
    const byAddress = new Map(first.map((mail) => [mail.toAddress, mail]));
    expect([...byAddress.keys()].toSorted()).toEqual([
      'attorney@demo.test',
      'lienholder@demo.test',
    ]);
    const daily = byAddress.get('attorney@demo.test')!;
    expect(daily.kind).toBe('notification_digest');
    expect(daily.subject).toBe('Your daily CaseBridge digest');
    expect(daily.text).toContain('You have 2 unread notifications since your last digest.');
    expect(daily.text).toContain(`${APP_URL}/notifications`);
    expect(daily.html).toContain('max-width:600px');
    // No patient details without the admin setting.
    expect(`${daily.subject}${daily.text}${daily.html}`).not.toContain('Maria');
    expect(byAddress.get('lienholder@demo.test')!.subject).toBe('Your weekly CaseBridge digest');

    // Once sent, not again within the period.
    expect(await run(start)).toBe(0);
    await notify(
      ['attorney@demo.test', 'lienholder@demo.test'],
      'Third note regarding Maria Delgado',
    );
    expect(await run(new Date(start.getTime() + 2 * HOUR))).toBe(0);

    // A day later the daily digest carries only what arrived since the last one.
    expect(await run(new Date(start.getTime() + DAY + HOUR))).toBe(1);
    const second = await takeOutbox();
    expect(second.map((mail) => mail.toAddress)).toEqual(['attorney@demo.test']);
    expect(second[0]!.text).toContain('You have 1 unread notification since your last digest.');

    // The weekly one comes after seven days.
    expect(await run(new Date(start.getTime() + 7 * DAY + HOUR))).toBe(1);
    expect((await takeOutbox()).map((mail) => mail.toAddress)).toEqual(['lienholder@demo.test']);

    // The digests go through the outbox and the worker like every mail.
    await notify(['attorney@demo.test'], 'Fourth note regarding Maria Delgado');
    // On the test's timeline this note arrives on day 8.
    await db
      .update(notifications)
      .set({ createdAt: new Date(start.getTime() + 8 * DAY) })
      .where(eq(notifications.content, 'Fourth note regarding Maria Delgado'));
    expect(await run(new Date(start.getTime() + 9 * DAY))).toBe(1);
    expect(await server.jobs.runDue({ names: ['mail.send'] })).toBe(1);
    expect(smtp.received.map((mail) => mail.to[0])).toEqual(['attorney@demo.test']);
    expect(smtp.received[0]!.subject).toBe('Your daily CaseBridge digest');
    await takeOutbox();
  });

  it('lists the notifications with the detailed setting, and sends nothing when e-mail is off', async () => {
    const db = server.context.db;
    // Start afresh: nobody has had a digest yet.
    await db
      .update(notificationPreferences)
      .set({ lastDigestAt: null })
      .where(sql`true`);
    await db
      .update(notifications)
      .set({ isRead: true })
      .where(sql`true`);
    const later = Date.now() + 60_000;
    await db.update(settings).set({ detailedEmailContent: true }).where(eq(settings.id, true));
    await notify(['attorney@demo.test'], 'Detailed note regarding Maria Delgado');
    expect(await run(new Date(later))).toBe(1);
    const [mail] = await takeOutbox();
    expect(mail!.text).toContain('- Detailed note regarding Maria Delgado (');
    expect(mail!.html).toContain('Detailed note regarding Maria Delgado');

    await db
      .update(settings)
      .set({ emailNotificationsEnabled: false })
      .where(eq(settings.id, true));
    await notify(['attorney@demo.test'], 'Muted note');
    expect(await run(new Date(later + 2 * DAY))).toBe(0);
    expect(await takeOutbox()).toEqual([]);
    await db
      .update(settings)
      .set({ emailNotificationsEnabled: true, detailedEmailContent: false })
      .where(eq(settings.id, true));
  });
});
