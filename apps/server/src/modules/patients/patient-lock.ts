import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { requirePatientInScope, type InScopePatient } from './patient-access.ts';
import { toPatientDetail } from './patients.queries.ts';

/**
 * The patient in the actor's scope, locked for the write, at the version the user saw: a write
 * made from an older version is refused with 409 and the patient as it now is, so nobody
 * overwrites a change they have not seen (lib/versioning.ts).
 */
export async function lockPatientAtVersion(
  tx: Db,
  actor: Actor,
  requestedId: string,
  expectedVersion: number,
): Promise<InScopePatient> {
  const current = await requirePatientInScope(tx, actor, requestedId, { forUpdate: true });
  await assertVersion(current, expectedVersion, () =>
    toPatientDetail(tx, current, actor.organizationId),
  );
  return current;
}
