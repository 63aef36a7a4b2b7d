import { and, asc, desc, eq } from 'drizzle-orm';
import type { TCreateAccessRequest } from '@casebridge/domain/access-requests/access-request.schemas';
import type {
  AccessRequestStatus,
  TAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import type { Db } from '#src/db/client.ts';
import { accessRequests, users } from '#src/db/schema/index.ts';

export async function insertAccessRequest(db: Db, input: TCreateAccessRequest) {
  const [row] = await db.insert(accessRequests).values(input).returning();
  if (!row) throw new Error('access request insert returned nothing');
  return row;
}

function toAccessRequestDto(row: {
  request: typeof accessRequests.$inferSelect;
  reviewedByName: string | null;
}): TAccessRequest {
  return {
    id: row.request.id,
    name: row.request.name,
    email: row.request.email,
    organization: row.request.organization,
    phone: row.request.phone,
    role: row.request.role,
    status: row.request.status,
    createdAt: row.request.createdAt.toISOString(),
    reviewedAt: row.request.reviewedAt?.toISOString() ?? null,
    reviewedByName: row.reviewedByName,
  };
}

/** Requests of one status; pending ones oldest first (a queue), reviewed ones newest first. */
export async function listAccessRequests(
  db: Db,
  status: AccessRequestStatus,
): Promise<TAccessRequest[]> {
  const rows = await db
    .select({ request: accessRequests, reviewedByName: users.name })
    .from(accessRequests)
    .leftJoin(users, eq(users.id, accessRequests.reviewedBy))
    .where(eq(accessRequests.status, status))
    .orderBy(status === 'pending' ? asc(accessRequests.createdAt) : desc(accessRequests.reviewedAt))
    .limit(200);
  return rows.map(toAccessRequestDto);
}

export async function getAccessRequest(db: Db, id: string) {
  const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
  return row ?? null;
}

/** Moves a pending request to its outcome; false when someone else reviewed it first. */
export async function markAccessRequestReviewed(
  db: Db,
  id: string,
  outcome: { status: 'approved' | 'rejected'; reviewedBy: string; createdUserId?: string },
): Promise<boolean> {
  const rows = await db
    .update(accessRequests)
    .set({
      status: outcome.status,
      reviewedBy: outcome.reviewedBy,
      reviewedAt: new Date(),
      createdUserId: outcome.createdUserId ?? null,
    })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
    .returning({ id: accessRequests.id });
  return rows.length > 0;
}
