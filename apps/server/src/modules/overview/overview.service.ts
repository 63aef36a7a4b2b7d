import type { TAdminOverview } from '@casebridge/domain/patients/overview.schemas';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { getActorPatientStats } from '#src/modules/patients/patients.service.ts';
import { getAdminCounts } from './overview.queries.ts';

/** The Admin Dashboard's counts; the patient figures come from the patients module's service. */
export async function getAdminOverview(db: Db, actor: Actor): Promise<TAdminOverview> {
  const [counts, patients] = await Promise.all([
    getAdminCounts(db),
    getActorPatientStats(db, actor),
  ]);
  return { ...counts, patients };
}
