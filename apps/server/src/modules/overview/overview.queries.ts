import { count, eq, sql } from 'drizzle-orm';
import type { TAdminOverview } from '@casebridge/domain/patients/overview.schemas';
import type { Db } from '#src/db/client.ts';
import { accessRequests, organizations, users } from '#src/db/schema/index.ts';

/**
 * Users (people only), organisations and pending access requests; the patient counts are the
 * patients module's.
 */
export async function getAdminCounts(db: Db): Promise<Omit<TAdminOverview, 'patients'>> {
  const [[userCounts], orgRows, [pending]] = await Promise.all([
    db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${users.active})` })
      .from(users)
      // People only: API tokens' service accounts are not users anyone counts.
      .where(eq(users.kind, 'person')),
    db
      .select({ kind: organizations.kind, n: count() })
      .from(organizations)
      .groupBy(organizations.kind),
    db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.status, 'pending')),
  ]);
  const byKind = Object.fromEntries(orgRows.map((row) => [row.kind, Number(row.n)]));
  return {
    totalUsers: Number(userCounts?.total ?? 0),
    activeUsers: Number(userCounts?.active ?? 0),
    organizations: {
      clinics: byKind.clinic ?? 0,
      firms: byKind.firm ?? 0,
      lienholders: byKind.lienholder ?? 0,
    },
    pendingAccessRequests: Number(pending?.n ?? 0),
  };
}
