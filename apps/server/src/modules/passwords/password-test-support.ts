import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';
import { PASSWORD_RESET_MAIL_KIND } from './passwords.queries.ts';

/** Test-only helpers of the password suites. */

/** The newest e-mail of a kind (a reset link unless named) to an address, or null. */
export async function readResetMail(
  server: TestServer,
  email: string,
  kind = PASSWORD_RESET_MAIL_KIND,
) {
  const [mail] = await server.context.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail ?? null;
}

/** The token of the newest reset link mailed to an address. */
export async function readResetToken(server: TestServer, email: string): Promise<string> {
  const mail = await readResetMail(server, email);
  const match = mail ? /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text) : null;
  if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
}

export const askForReset = (server: TestServer, email: string, cookie?: string) =>
  server.request({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    body: { email },
    ...(cookie ? { cookie } : {}),
  });

export const useResetLink = (server: TestServer, token: string, password: string) =>
  server.request({ method: 'POST', url: '/api/auth/password-reset', body: { token, password } });

export const changeOwnPassword = (
  server: TestServer,
  cookie: string,
  currentPassword: string,
  newPassword: string,
) =>
  server.request({
    method: 'POST',
    url: '/api/account/password',
    cookie,
    body: { currentPassword, newPassword },
  });

export const sendResetLinkAsAdmin = (server: TestServer, cookie: string, userId: string) =>
  server.request({
    method: 'POST',
    url: `/api/users/${encodeURIComponent(userId)}/password-reset`,
    cookie,
  });
