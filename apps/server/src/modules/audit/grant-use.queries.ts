import { and, desc, eq, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { accessGrants, users } from '#src/db/schema/index.ts';
import { userOrganizationSeesPatient } from '#src/modules/access-grants/access-grant-scope.ts';

export type GrantInUse = { patientId: string; id: string; reason: string };

/**
 * Of these patients, those this user reaches through an active access grant, with the grant: a
 * grant that is not revoked or expired, while the user's own organisation does not see the
 * patient (then the grant is not what gave access). One grant per patient, the longest-running.
 */
export async function findGrantsInUse(
  db: Db,
  userId: string,
  patientIds: readonly string[],
): Promise<GrantInUse[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({ patientId: accessGrants.patientId, id: accessGrants.id, reason: accessGrants.reason })
    .from(accessGrants)
    .innerJoin(users, eq(users.id, accessGrants.userId))
    .where(
      and(
        eq(accessGrants.userId, userId),
        inArray(accessGrants.patientId, [...patientIds]),
        isNull(accessGrants.revokedAt),
        gt(accessGrants.expiresAt, sql`now()`),
        not(userOrganizationSeesPatient(accessGrants.patientId)),
      ),
    )
    .orderBy(desc(accessGrants.expiresAt));
  const byPatient = new Map<string, GrantInUse>();
  for (const row of rows) if (!byPatient.has(row.patientId)) byPatient.set(row.patientId, row);
  return [...byPatient.values()];
}
