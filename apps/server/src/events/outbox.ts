import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema/index.ts';

export const EVENTS_CHANNEL = 'casebridge_events';

/** Topics the browser reacts to by invalidating its queries. */
export type EventTopic =
  | 'patient.created'
  | 'patient.updated'
  | 'message.created'
  | 'message.read'
  | 'document.created'
  | 'billing.created'
  | 'notification.created'
  | 'notification.read'
  | 'organization.changed'
  | 'user.changed'
  | 'access-request.created'
  | 'access-request.reviewed'
  | 'template.changed'
  | 'settings.changed';

export type LiveEvent = {
  topic: EventTopic;
  /** Set for events about a patient: only actors who may see the patient receive them. */
  patientId?: string | null;
  /** Set for events meant for one user only. */
  recipientUserId?: string | null;
  /** Set for events only administrators receive. */
  adminOnly?: boolean;
  payload?: Record<string, unknown>;
};

/**
 * Appends an event row and NOTIFYs listeners. Called inside the transaction that makes the
 * change, so the event exists exactly when the change does; NOTIFY is delivered on commit.
 */
export async function publishEvent(db: Db, event: LiveEvent): Promise<void> {
  const payload = { ...event.payload, ...(event.adminOnly ? { adminOnly: true } : {}) };
  const [row] = await db
    .insert(events)
    .values({
      topic: event.topic,
      patientId: event.patientId ?? null,
      recipientUserId: event.recipientUserId ?? null,
      payload,
    })
    .returning({ id: events.id });
  if (row) await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row.id)})`);
}
