import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';

export const EVENTS_CHANNEL = 'casebridge_events';

/**
 * The transaction-level advisory lock that orders event ids by commit (ADR 0007). Any constant
 * works as long as nothing else in the database uses it; this one spells "cbevents".
 */
export const EVENTS_LOCK_KEY = 0x6362_6576_656e_7473n;

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
  /** Set for events meant for these users only (one event, however many recipients). */
  recipientUserIds?: readonly string[] | null;
  /** Set for events only administrators receive. */
  adminOnly?: boolean;
  payload?: Record<string, unknown>;
};

/**
 * Appends an event row and NOTIFYs listeners, inside the transaction that makes the change, so
 * the event exists exactly when the change does (NOTIFY is delivered on commit).
 *
 * Ids must become visible in id order, or a reader that has moved past id 7 never sees an id 6
 * that commits later. So the id is drawn under a transaction-level advisory lock, held until
 * commit: the next publisher draws its id only after this transaction is visible. The lock, the
 * insert and the notify are one statement, so it also holds outside an explicit transaction.
 * Publish as the last write of a transaction: the lock is held from here to commit.
 */
export async function publishEvent(db: Db, event: LiveEvent): Promise<void> {
  const recipients = event.recipientUserIds ? JSON.stringify(event.recipientUserIds) : null;
  await db.execute(sql`
    with ordered as (select pg_advisory_xact_lock(${EVENTS_LOCK_KEY.toString()}::bigint)),
    inserted as (
      insert into events (topic, patient_id, recipient_user_ids, admin_only, payload)
      select ${event.topic}, ${event.patientId ?? null}::uuid,
        case when ${recipients}::jsonb is null then null
          else array(select jsonb_array_elements_text(${recipients}::jsonb)) end,
        ${event.adminOnly ?? false}, ${JSON.stringify(event.payload ?? {})}::jsonb
      from ordered
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, id::text) from inserted`);
}
