import { eq } from 'drizzle-orm';
import { organizations, users } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import type { TestServer } from './test-server.ts';

/** The actor a demo user's session would resolve to, for tests that call services directly. */
export async function actorOf(
  server: TestServer,
  email: string,
  sessionId = 'test',
): Promise<Actor> {
  const [row] = await server.context.db
    .select({ user: users, organization: organizations })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.user.role,
    organizationId: row.user.organizationId,
    organizationName: row.organization?.name ?? null,
    organizationKind: row.organization?.kind ?? null,
    sessionId,
    createdAt: row.user.createdAt,
  };
}
