import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';
import { NOTIFICATION_EMAIL_CONFIRMATION_MAIL_KIND } from './notification-email.service.ts';

export const PREFERENCES = {
  digestFrequency: 'Daily',
  notifyOnStatusChange: true,
  notifyOnDocumentUpload: true,
  notifyOnMessageReceived: true,
} as const;

/** Saves the preferences form with `notificationEmail`, as the signed-in user. */
export function saveNotificationEmail(server: TestServer, cookie: string, email: string) {
  return server.request({
    method: 'PUT',
    url: '/api/notifications/preferences',
    cookie,
    body: { ...PREFERENCES, notificationEmail: email },
  });
}

/** The token of the newest confirmation link mailed to `to`, read from the outbox. */
export async function readConfirmationToken(server: TestServer, to: string): Promise<string> {
  const [mail] = await server.context.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, NOTIFICATION_EMAIL_CONFIRMATION_MAIL_KIND),
        eq(mailOutbox.toAddress, to),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/confirm-notification-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return token;
}

export function confirmToken(server: TestServer, token: string, cookie?: string) {
  return server.request({
    method: 'POST',
    url: '/api/notification-email-confirmations',
    body: { token },
    ...(cookie ? { cookie } : {}),
  });
}
