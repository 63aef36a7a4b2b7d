import type { DocumentCategory } from '@casebridge/domain/constants';
import { LIVE_EVENT_PAYLOADS } from '@casebridge/domain/events/live-events';
import {
  canSeeDocumentCategory,
  canViewPatient,
  type PolicyPatient,
} from '@casebridge/domain/patients/patient.policy';
import type { events } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';

export type EventRow = typeof events.$inferSelect;

/**
 * What decides who may see a patient's events: the patient's assignments and status now, and
 * its active temporary access grants: who holds one, and until when.
 */
export type PatientAudience = PolicyPatient & {
  grants: ReadonlyArray<{ userId: string; expiresAt: number }>;
};

/** The roles a grant widens the scope of, as in `patients/patient-scope.ts` `withAccessGrants`. */
const GRANTEE_ROLES: ReadonlySet<string> = new Set(['clinic', 'attorney', 'lienholder']);

/**
 * Whether the actor holds an active grant on the patient. The end is compared with the clock
 * now, so a grant that expired while the audience was cached delivers nothing more; a revoked
 * one is gone from the audience, which `patient.access-changed` reloads.
 */
function holdsActiveGrant(actor: Actor, audience: PatientAudience): boolean {
  if (!GRANTEE_ROLES.has(actor.role)) return false;
  const now = Date.now();
  return audience.grants.some((grant) => grant.userId === actor.userId && grant.expiresAt > now);
}

const isDocumentTopic = (topic: string) => topic.startsWith('document.');
const ZDocumentCategory = LIVE_EVENT_PAYLOADS['document.created'].shape.category;
const ZDocumentCategories = LIVE_EVENT_PAYLOADS['document.changed'].shape.categories;

/**
 * The document categories an event is about: its `category` (an upload), or its `categories`
 * (a re-categorisation: before and after; a removal: the one it had). An event without a valid
 * one counts as Intake.
 */
function eventCategories(event: EventRow): readonly DocumentCategory[] {
  const payload = event.payload as Record<string, unknown> | null;
  const one = ZDocumentCategory.safeParse(payload?.category);
  if (one.success) return [one.data];
  const several = ZDocumentCategories.safeParse(payload?.categories);
  return several.success ? several.data : ['Intake'];
}

/**
 * The one rule for who receives a live event, for live delivery and replay alike: its
 * recipients; admins for admin events; everyone for events about no patient; otherwise whoever
 * may see the patient now, or holds an active temporary access grant on it (a document event: whoever may see one of its categories at the
 * patient's current status, so a document moved into Intake still reaches the attorney whose
 * list must drop it; the event holds ids and categories, never the document). `audience` is
 * undefined when the patient no longer exists: nobody's then. An actor whose scope cannot be
 * computed (lost association) receives no patient events.
 */
export function canReceiveEvent(
  actor: Actor,
  event: EventRow,
  audience: PatientAudience | undefined,
): boolean {
  if (event.recipientUserIds) return event.recipientUserIds.includes(actor.userId);
  if (event.adminOnly) return actor.role === 'admin';
  if (!event.patientId) return true;
  if (!audience) return false;
  try {
    if (!canViewPatient(actor, audience) && !holdsActiveGrant(actor, audience)) return false;
  } catch {
    return false;
  }
  if (!isDocumentTopic(event.topic)) return true;
  return eventCategories(event).some((category) =>
    canSeeDocumentCategory(actor, category, audience.treatmentStatus),
  );
}
