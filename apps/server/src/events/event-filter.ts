import type { Db } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { canReceiveDocumentEvent } from '../modules/documents/document-events.ts';
import { isPatientInScope } from '../modules/patients/patient-scope.ts';
import type { EventFilter, EventRow } from './event-hub.ts';

/** Who receives an event: its recipient, admins for admin events, or whoever sees its patient. */
export function createEventFilter(db: Db): EventFilter {
  return async (actor: Actor, event: EventRow) => {
    if (event.recipientUserId) return event.recipientUserId === actor.userId;
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    if (payload.adminOnly === true) return actor.role === 'admin';
    if (event.patientId && !(await canReceiveDocumentEvent(db, actor, event))) return false;
    if (event.patientId) return isPatientInScope(db, actor, event.patientId);
    return true;
  };
}
