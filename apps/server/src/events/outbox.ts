import { sql, type SQL } from 'drizzle-orm';
import {
  LIVE_EVENT_AUDIENCES,
  type TLiveEventPayload,
  type TLiveEventTopic,
} from '@casebridge/domain/events/live-events';
import type { Db } from '#src/db/client.ts';
import type { RequestContext } from '#src/lib/request-context.ts';

type WriteOrigin = RequestContext['writeOrigin'];

export const EVENTS_CHANNEL = 'casebridge_events';

/**
 * The transaction-level advisory lock that orders event ids by commit (ADR 0007). Any constant
 * works as long as nothing else in the database uses it; this one spells "cbevents".
 */
export const EVENTS_LOCK_KEY = 0x6362_6576_656e_7473n;

type Audiences = typeof LIVE_EVENT_AUDIENCES;

/** Who the event is addressed to, as its topic's audience requires (packages/domain contract). */
type Address<T extends TLiveEventTopic> = Audiences[T] extends 'patient'
  ? { patientId: string }
  : // A webhook source about no patient (a referral of a new client) says so with null.
    Audiences[T] extends 'webhooks'
    ? { patientId: string | null }
    : Audiences[T] extends 'recipients'
      ? { recipientUserIds: readonly string[] }
      : { patientId?: never; recipientUserIds?: never };

/** The payload, which may be left out when the topic's payload has no required field. */
type PayloadOf<T extends TLiveEventTopic> =
  Record<string, never> extends TLiveEventPayload<T>
    ? { payload?: TLiveEventPayload<T> }
    : { payload: TLiveEventPayload<T> };

/** An event to publish: its topic, the address its audience needs, and its payload. */
export type LiveEvent<T extends TLiveEventTopic = TLiveEventTopic> = {
  [K in T]: { topic: K } & Address<K> & PayloadOf<K>;
}[T];

/**
 * Appends an event row and NOTIFYs listeners, inside the transaction that makes the change, so
 * the event exists exactly when the change does (NOTIFY is delivered on commit).
 *
 * Ids must become visible in id order, or a reader that has moved past id 7 never sees an id 6
 * that commits later. So the id is drawn under a transaction-level advisory lock, held until
 * commit: the next publisher draws its id only after this transaction is visible. The lock, the
 * insert and the notify are one statement, so it also holds outside an explicit transaction.
 * Publish as the last write of a transaction: the lock is held from here to commit, and every
 * other publisher waits for it.
 */
export function publishEvent(db: Db, event: LiveEvent): Promise<void> {
  return publishEvents(db, [event]);
}

/**
 * Publishes several events in one statement under one hold of the lock, their ids in the
 * order given. A transaction that makes many changes (a batch job) collects its events and
 * publishes them at its end, so other publishers do not wait through the rest of its work.
 */
export async function publishEvents(db: Db, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(publishEventsSql(events));
}

/**
 * The statement `publishEvents` runs. With `first`, a statement that must run before the lock
 * is taken (whatever rows it returns), the two are one statement: the audit chain's append
 * (`writeAuditAndPublish`), whose lock comes before the events lock, so no round trip to the
 * database separates the two locks from the commit.
 */
export function publishEventsSql(
  events: readonly LiveEvent[],
  first?: SQL,
  // The browser write that made them, when the change is one (lib/request-context.ts).
  origin: WriteOrigin | null = null,
): SQL {
  const rows = events.map((event) => {
    const { patientId, recipientUserIds } = event as {
      patientId?: string;
      recipientUserIds?: readonly string[];
    };
    const audience = LIVE_EVENT_AUDIENCES[event.topic];
    return {
      topic: event.topic,
      patientId: patientId ?? null,
      // Addressed to no user, so no stream sends it (event-hub.ts, event-visibility.ts).
      recipientUserIds: audience === 'webhooks' ? [] : (recipientUserIds ?? null),
      adminOnly: audience === 'admins',
      payload: event.payload ?? {},
    };
  });
  return sql`
    with first as (${first ?? sql`select 1`}),
    ordered as (
      -- One lock, whatever rows the first part returns, and only once all of it has run.
      select pg_advisory_xact_lock(${EVENTS_LOCK_KEY.toString()}::bigint)
      from (select count(*) from first) as done
    ),
    given as (
      select e.value, e.position
      from ordered, jsonb_array_elements(${JSON.stringify(rows)}::jsonb)
        with ordinality as e(value, position)
    ),
    inserted as (
      insert into events
        (topic, patient_id, recipient_user_ids, admin_only, payload, origin, origin_user_id)
      select value->>'topic', (value->>'patientId')::uuid,
        case when jsonb_typeof(value->'recipientUserIds') = 'array'
          then array(select jsonb_array_elements_text(value->'recipientUserIds')) end,
        (value->>'adminOnly')::boolean, value->'payload',
        ${origin?.origin ?? null}, ${origin?.userId ?? null}
      from given
      order by position
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, id::text) from inserted`;
}
