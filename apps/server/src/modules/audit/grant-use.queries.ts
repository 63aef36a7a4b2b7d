import { and, desc, eq, gt, isNull, not, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { accessGrants, users } from '#src/db/schema/index.ts';
import { userOrganizationSeesPatient } from '#src/modules/access-grants/access-grant-scope.ts';

/**
 * The active access grant through which this user reaches this patient, if that is how they
 * reach it: a grant that is not revoked or expired, while the user's own organisation does not
 * see the patient (then the grant is not what gave access). Null otherwise.
 */
export async function findGrantInUse(
  db: Db,
  userId: string,
  patientId: string,
): Promise<{ id: string; reason: string } | null> {
  const [row] = await db
    .select({ id: accessGrants.id, reason: accessGrants.reason })
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.userId))
    .where(
      and(
        eq(accessGrants.userId, userId),
        eq(accessGrants.patientId, patientId),
        isNull(accessGrants.revokedAt),
        gt(accessGrants.expiresAt, sql`now()`),
        not(userOrganizationSeesPatient(accessGrants.patientId)),
      ),
    )
    .orderBy(desc(accessGrants.expiresAt))
    .limit(1);
  return row ?? null;
}
