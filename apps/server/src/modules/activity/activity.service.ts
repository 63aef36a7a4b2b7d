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
 * Adds items to patients' Activity feeds, in the transaction of the change they describe, so
 * the feed holds exactly what committed. Only the Change's committer calls it (change/change.ts).
 */
export async function recordActivities(db: Db, entries: readonly ActivityEntry[]): Promise<void> {
  await insertActivity(
    db,
    entries.map((entry) => ({
      patientId: entry.patientId,
      kind: entry.kind,
      recordId: entry.recordId ?? null,
      lienholderId: entry.lienholderId ?? null,
      summary: entry.summary,
      actorId: entry.actor?.userId ?? null,
      actorName: entry.actor?.name ?? null,
      actorRole: entry.actor?.role ?? null,
    })),
  );
}

/** One item: `recordActivities` for a module not yet on the Change. */
export function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  return recordActivities(db, [entry]);
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
