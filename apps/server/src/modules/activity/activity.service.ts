import type { ActivityKind } from '@casebridge/domain/activity/activity-constants';
import type { TActivityPage } from '@casebridge/domain/activity/activity.schemas';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { requirePatientInScope } from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { insertActivity, listActivity } from './activity.queries.ts';

export type ActivityEntry = {
  patientId: string;
  kind: ActivityKind;
  /** The record the item is about: the feed shows it only to those allowed to see that record. */
  recordId?: string | null;
  /** For lien items (reductions, payments): the lienholder whose lien it is. */
  lienholderId?: string | null;
  /** One line a person reads in the feed; never more than the record's own tab shows. */
  summary: string;
  /** Who did it; null for the system (a gap found by the periodic check). */
  actor: Pick<Actor, 'userId' | 'name' | 'role'> | null;
};

/**
 * Adds an item to the patient's Activity feed (issue 13). Call it inside the transaction of the
 * change it describes, so the feed holds exactly what committed.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await insertActivity(db, {
    patientId: entry.patientId,
    kind: entry.kind,
    recordId: entry.recordId ?? null,
    lienholderId: entry.lienholderId ?? null,
    summary: entry.summary,
    actorId: entry.actor?.userId ?? null,
    actorName: entry.actor?.name ?? null,
    actorRole: entry.actor?.role ?? null,
  });
}

/**
 * A page of the patient's Activity feed as the actor may see it (the patient in scope, else the
 * guard's 404; each item filtered in SQL by the record it names), audited as a read of the
 * patient like every page of a patient's record.
 */
export async function listPatientActivity(
  db: Db,
  actor: Actor,
  requestedId: string,
  query: { cursor?: string | undefined; limit: number },
  context: { ip: string },
): Promise<TActivityPage> {
  const { id: patientId } = await requirePatientInScope(db, actor, requestedId);
  const viewer = { actor, scope: getActorPatientScope(actor) };
  const page = await listActivity(db, { patientId, viewer, ...query });
  await auditPatientRead(db, actor, { action: 'activity_viewed', patientId, ip: context.ip });
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.hasMore && last ? last.id : null };
}
