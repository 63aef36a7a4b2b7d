import { desc, eq } from 'drizzle-orm';
import { mailOutbox, organizations, users } from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the admin suites. */

export async function getOrganizationId(server: TestServer, name: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  if (!row) throw new Error(`no demo organisation ${name}`);
  return row.id;
}

/** The invitation token from the newest invitation e-mail to an address (read from the outbox). */
export async function readInvitationToken(server: TestServer, email: string): Promise<string> {
  const [mail] = await server.context.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail || mail.kind !== 'invitation') throw new Error(`no invitation mail to ${email}`);
  const match = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error('invitation mail without a link');
  return match[1];
}

/**
 * PATCH a user as the admin's browser does: from the version the user now has (as the list
 * just read), so the write is refused only for what the test means to check.
 */
export async function patchUser(
  server: TestServer,
  cookie: string,
  userId: string,
  body: Record<string, unknown>,
) {
  const [row] = await server.context.db
    .select({ version: users.version })
    .from(users)
    .where(eq(users.id, userId));
  return server.request({
    method: 'PATCH',
    url: `/api/users/${encodeURIComponent(userId)}`,
    cookie,
    body: { ...body, version: row?.version ?? 1 },
  });
}
