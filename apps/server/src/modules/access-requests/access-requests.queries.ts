import { and, eq } from 'drizzle-orm';
import type { TCreateAccessRequest } from '@casebridge/domain/access-requests/access-request.schemas';
import type { Db } from '../../db/client.ts';
import { accessRequests, users } from '../../db/schema/index.ts';

export async function insertAccessRequest(db: Db, input: TCreateAccessRequest) {
  const [row] = await db.insert(accessRequests).values(input).returning();
  if (!row) throw new Error('access request insert returned nothing');
  return row;
}

export async function listActiveAdmins(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
}
