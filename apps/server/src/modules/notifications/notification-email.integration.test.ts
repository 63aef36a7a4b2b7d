import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_EMAIL_TEXTS } from '@casebridge/domain/notifications/notification-email.schemas';
import {
  auditLogs,
  mailOutbox,
  notificationEmailConfirmations,
  patients,
  users,
} from '#src/db/schema/index.ts';
import { useTestServer } from '#src/test/test-server.ts';
import {
  confirmToken,
  readConfirmationToken,
  saveNotificationEmail,
} from './notification-email-test-support.ts';
import { NOTIFICATION_EMAIL_CHANGED_MAIL_KIND } from './notification-email.service.ts';

describe('a new notification e-mail address is used only once confirmed', () => {
  const setup = useTestServer('attorney@demo.test');
  let attorneyId = '';
  let mariaId = '';
  beforeAll(async () => {
    const db = setup.server.context.db;
    const [attorney] = await db.select().from(users).where(eq(users.email, 'attorney@demo.test'));
    const [maria] = await db.select().from(patients).where(eq(patients.fullName, 'Maria Delgado'));
    attorneyId = attorney!.id;
    mariaId = maria!.id;
  });

  /** A clinic message with e-mail on Maria's case; answers where the attorney's mail went. */
  async function attorneyMessageMailTo(): Promise<string[]> {
    const { server } = setup;
    const body = `check ${Math.random()}`;
    const sent = await server.request({
      method: 'POST',
      url: `/api/patients/${mariaId}/messages`,
      cookie: await server.login('clinic@demo.test'),
      body: { body, notifyByEmail: true },
    });
    expect(sent.statusCode).toBe(201);
    const rows = await server.context.db
      .select({ to: mailOutbox.toAddress, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'message_notification'));
    const attorneyAddresses = ['attorney@demo.test', 'alerts@morgan.example', 'new@morgan.example'];
    return rows.filter((row) => attorneyAddresses.includes(row.to)).map((row) => row.to);
  }

  async function clearOutbox() {
    await setup.server.context.db.delete(mailOutbox).where(sql`true`);
  }

  it('keeps mailing the old address until the link is opened, then the new one', async () => {
    const { server, cookie } = setup;
    const saved = await saveNotificationEmail(server, cookie, 'Alerts@Morgan.Example');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      notificationEmail: 'attorney@demo.test',
      pendingNotificationEmail: { email: 'alerts@morgan.example' },
    });
    const token = await readConfirmationToken(server, 'alerts@morgan.example');
    await clearOutbox();
    expect(await attorneyMessageMailTo()).toEqual(['attorney@demo.test']);

    // Saving the same address again sends no second link.
    await saveNotificationEmail(server, cookie, 'alerts@morgan.example');
    const links = await server.context.db
      .select()
      .from(notificationEmailConfirmations)
      .where(eq(notificationEmailConfirmations.userId, attorneyId));
    expect(links).toHaveLength(1);

    // Opened on a device that is not signed in: the token is the proof.
    const confirmed = await confirmToken(server, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'alerts@morgan.example' });
    const preferences = await server.request({ url: '/api/notifications/preferences', cookie });
    expect(preferences.json()).toMatchObject({
      notificationEmail: 'alerts@morgan.example',
      pendingNotificationEmail: null,
    });
    await clearOutbox();
    expect(await attorneyMessageMailTo()).toEqual(['alerts@morgan.example']);

    const audit = await server.context.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'notification_email_confirmed'), eq(auditLogs.userId, attorneyId)),
      );
    expect(audit.map((row) => row.details)).toEqual([
      'from attorney@demo.test to alerts@morgan.example',
    ]);
  });

  it('tells the old address of the change, and a link works once', async () => {
    const { server, cookie } = setup;
    await saveNotificationEmail(server, cookie, 'new@morgan.example');
    const token = await readConfirmationToken(server, 'new@morgan.example');
    expect((await confirmToken(server, token)).statusCode).toBe(200);
    const notices = await server.context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, NOTIFICATION_EMAIL_CHANGED_MAIL_KIND));
    expect(notices.map((mail) => mail.toAddress)).toContain('alerts@morgan.example');
    const again = await confirmToken(server, token, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(NOTIFICATION_EMAIL_TEXTS.linkInvalid);
    expect((await confirmToken(server, 'not-a-token')).json().error.message).toBe(
      NOTIFICATION_EMAIL_TEXTS.linkInvalid,
    );
  });

  it('refuses an expired link and keeps the confirmed address', async () => {
    const { server, cookie } = setup;
    await saveNotificationEmail(server, cookie, 'late@morgan.example');
    const token = await readConfirmationToken(server, 'late@morgan.example');
    await server.context.db
      .update(notificationEmailConfirmations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(notificationEmailConfirmations.email, 'late@morgan.example'));
    const expired = await confirmToken(server, token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(NOTIFICATION_EMAIL_TEXTS.linkExpired);
    const preferences = await server.request({ url: '/api/notifications/preferences', cookie });
    expect(preferences.json().notificationEmail).toBe('new@morgan.example');
  });

  it('resends a fresh link that replaces the old one, and cancels a change', async () => {
    const { server, cookie } = setup;
    await saveNotificationEmail(server, cookie, 'twice@morgan.example');
    const first = await readConfirmationToken(server, 'twice@morgan.example');
    const resent = await server.request({
      method: 'POST',
      url: '/api/notifications/preferences/email-confirmation',
      cookie,
    });
    expect(resent.statusCode).toBe(200);
    const second = await readConfirmationToken(server, 'twice@morgan.example');
    expect(second).not.toBe(first);
    expect((await confirmToken(server, first)).statusCode).toBe(404);

    const cancelled = await server.request({
      method: 'DELETE',
      url: '/api/notifications/preferences/email-confirmation',
      cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      notificationEmail: 'new@morgan.example',
      pendingNotificationEmail: null,
    });
    expect((await confirmToken(server, second)).statusCode).toBe(404);
  });

  it('goes back to the account e-mail at once, without a link', async () => {
    const { server, cookie } = setup;
    const saved = await saveNotificationEmail(server, cookie, 'attorney@demo.test');
    expect(saved.json()).toMatchObject({
      notificationEmail: 'attorney@demo.test',
      pendingNotificationEmail: null,
    });
    await clearOutbox();
    expect(await attorneyMessageMailTo()).toEqual(['attorney@demo.test']);
  });
});
