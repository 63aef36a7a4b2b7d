import { eq, sql, type SQL } from 'drizzle-orm';
import type { OrganizationKind, Role } from '@casebridge/domain/roles';
import {
  WEBHOOK_EVENT_SOURCES,
  WEBHOOK_EVENT_TYPES,
  type TWebhookEventType,
  type TWebhookPayload,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import {
  caseRequests,
  documents,
  events,
  lienPayoffs,
  patientListing,
  patients,
  referrals,
  webhookCursor,
  webhookEndpoints,
} from '#src/db/schema/index.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { documentVisibilityCondition } from '#src/modules/documents/document-visibility.ts';

/** The rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A webhook topic's event in the window read, with the window's size and end on every row. */
type ScannedRow = {
  id: string | number | null;
  topic: string | null;
  patient_id: string | null;
  payload: Record<string, unknown> | null;
  created_at: string | Date | null;
  read: string | number;
  up_to: string | number | null;
};

/** The job that sends one delivery (webhook-jobs.ts), by name. */
export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** A job sending each of the deliveries; one unfinished job per delivery. */
export const deliveryJobs = (deliveryIds: readonly string[]) =>
  deliveryIds.map((deliveryId) => ({
    name: WEBHOOK_DELIVER_JOB,
    payload: { deliveryId },
    key: `webhook:${deliveryId}`,
  }));

/** Events read per transaction; the job loops until it has caught up. */
export const FANOUT_BATCH_SIZE = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The live-event topics webhooks come from, each with its event type. */
const TYPE_OF_TOPIC = new Map<string, TWebhookEventType>(
  WEBHOOK_EVENT_TYPES.map((type) => [WEBHOOK_EVENT_SOURCES[type].topic, type]),
);

type SourceEvent = {
  id: number;
  topic: string;
  patientId: string | null;
  payload: Record<string, unknown> | null;
  createdAt: Date;
};

/** What an event becomes for receivers: its type and ids, or null when it is none of theirs. */
export function toWebhookEvent(
  event: SourceEvent,
): { type: TWebhookEventType; data: TWebhookPayload['data'] } | null {
  const type = TYPE_OF_TOPIC.get(event.topic);
  if (!type) return null;
  // A referral's events are about the referral; a new client's has no patient until accepted.
  const patientId = event.patientId && UUID.test(event.patientId) ? event.patientId : null;
  if (!patientId && !isReferralType(type)) return null;
  const source = WEBHOOK_EVENT_SOURCES[type];
  const payload = event.payload ?? {};
  if (!source.recordField) return { type, data: { patientId } };
  const recordId = payload[source.recordField];
  if (typeof recordId !== 'string' || !UUID.test(recordId)) return null;
  return { type, data: { patientId, [source.recordField]: recordId } };
}

const isReferralType = (type: TWebhookEventType) =>
  type === 'referral.created' || type === 'referral.responded';

/** The role whose document rule an organisation's endpoint follows; null (admin endpoint): admin. */
const ROLE_OF_KIND: Record<OrganizationKind, Role> = {
  clinic: 'clinic',
  firm: 'attorney',
  lienholder: 'lienholder',
};

const endpointOrg = sql`${webhookEndpoints.organizationId}`;
const endpointKind = sql`(select o.kind from organizations o where o.id = ${endpointOrg})`;

/**
 * Whether the endpoint (the row of `webhook_endpoints` in the outer query) may hear about this
 * patient and record now: an administrators' endpoint about any existing patient; an
 * organisation's only about a patient that organisation sees (the same `patient_listing` the
 * organisation's users' lists read, patient-scope.ts), and for a document only one its kind of
 * user may open (the Intake rule, documents/document-visibility.ts), for a request only one the
 * organisation is a party to, and for a referral only one the organisation sent or received.
 */
export function endpointCoversCondition(
  type: TWebhookEventType,
  data: TWebhookPayload['data'],
): SQL {
  // A referral reaches the endpoints of its two organisations only, as its reads do
  // (referrals/referrals.queries.ts), never an administrators' endpoint.
  if (isReferralType(type)) {
    return sql`(${endpointOrg} is not null and exists (select 1 from ${referrals} where ${referrals.id} = ${data.referralId ?? null}::uuid and ${endpointOrg} in (${referrals.referringOrgId}, ${referrals.clinicId})))`;
  }
  const patientExists = sql`exists (select 1 from ${patients} where ${patients.id} = ${data.patientId}::uuid)`;
  const orgSees = sql`exists (select 1 from ${patientListing} where ${patientListing.party} = ${endpointOrg}::text and ${patientListing.patientId} = ${data.patientId}::uuid)`;
  const conditions: SQL[] = [
    sql`(case when ${endpointOrg} is null then ${patientExists} else ${orgSees} end)`,
  ];
  if (type === 'document.added' && data.documentId) {
    const visibleTo = (role: Role) =>
      sql`exists (select 1 from ${documents} inner join ${patients} on ${patients.id} = ${documents.patientId} where ${documents.id} = ${data.documentId}::uuid and ${documentVisibilityCondition({ role })})`;
    const byKind = Object.entries(ROLE_OF_KIND).map(
      ([kind, role]) => sql`when ${kind} then ${visibleTo(role)}`,
    );
    conditions.push(
      sql`(case when ${endpointOrg} is null then ${visibleTo('admin')} else (case ${endpointKind} ${sql.join(byKind, sql` `)} else false end) end)`,
    );
  }
  if (type === 'request.changed' && data.requestId) {
    conditions.push(
      sql`(${endpointOrg} is null or exists (select 1 from ${caseRequests} where ${caseRequests.id} = ${data.requestId}::uuid and ${endpointOrg} in (${caseRequests.clinicId}, ${caseRequests.requesterOrganizationId})))`,
    );
  }
  // A payoff is news to the firm, the patient's clinics and admins, and to its own lienholder only.
  if (type.startsWith('payoff.') && data.payoffId) {
    conditions.push(
      sql`(${endpointOrg} is null or ${endpointKind} <> 'lienholder' or exists (select 1 from ${lienPayoffs} where ${lienPayoffs.id} = ${data.payoffId}::uuid and ${lienPayoffs.lienholderId} = ${endpointOrg}))`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/**
 * Queues the deliveries of one event: one per active, non-deleted endpoint subscribed to its
 * type whose scope covers the patient now. The payload names the delivery's own id. Unique on
 * (endpoint, event): a second pass over the event adds nothing.
 */
async function queueEvent(db: Db, event: SourceEvent): Promise<string[]> {
  const webhookEvent = toWebhookEvent(event);
  if (!webhookEvent) return [];
  const { type, data } = webhookEvent;
  const occurredAt = event.createdAt.toISOString();
  const inserted = await db.execute(sql`
    insert into webhook_deliveries (id, endpoint_id, event_id, event_type, patient_id, payload)
    select d.id, d.endpoint_id, ${event.id}, ${type}, ${data.patientId}::uuid,
      jsonb_build_object('id', d.id, 'type', ${type}::text, 'occurredAt', ${occurredAt}::text,
        'data', ${JSON.stringify(data)}::jsonb)
    from (
      select gen_random_uuid() as id, ${webhookEndpoints.id} as endpoint_id
      from ${webhookEndpoints}
      where ${webhookEndpoints.active} and ${webhookEndpoints.deletedAt} is null
        and ${type} = any(${webhookEndpoints.eventTypes})
        and ${endpointCoversCondition(type, data)}
    ) d
    on conflict (endpoint_id, event_id) where event_id is not null do nothing
    returning id`);
  return rowsOf<{ id: string }>(inserted).map((row) => row.id);
}

/**
 * One batch of the fan-out, in one transaction: locks the cursor row (so instances take turns),
 * reads the next events after it (ids become visible in id order, ADR 0007, so none is skipped),
 * queues their deliveries and moves the cursor past every event read. The window and the rows
 * of webhook topics come from one statement, so both see one snapshot; each delivery's sending
 * job commits with it. Returns how many events were read and deliveries queued.
 */
export async function fanOutBatch(
  db: Db,
  batchSize = FANOUT_BATCH_SIZE,
): Promise<{ read: number; queued: number }> {
  return inChange(db, { actor: null, context: systemContext() }, async (change) => {
    const { tx } = change;
    const [cursor] = await tx
      .select({ lastEventId: webhookCursor.lastEventId })
      .from(webhookCursor)
      .where(eq(webhookCursor.id, 1))
      .for('update');
    if (!cursor) throw new Error('webhook_cursor has no row (migration 0018 makes it)');
    const topics = [...TYPE_OF_TOPIC.keys()];
    const result = await tx.execute(sql`
      with scanned as (
        select ${events.id} as id from ${events} where ${events.id} > ${cursor.lastEventId}
        order by ${events.id} limit ${batchSize}
      ),
      window_ as (select count(*) as read, max(id) as up_to from scanned)
      select e.id, e.topic, e.patient_id, e.payload, e.created_at, w.read, w.up_to
      from window_ w
      left join ${events} e on e.id in (select id from scanned)
        and e.topic in (${sql.join(
          topics.map((topic) => sql`${topic}`),
          sql`, `,
        )})
      order by e.id`);
    const rows = rowsOf<ScannedRow>(result);
    const first = rows[0];
    const read = Number(first?.read ?? 0);
    if (!first || read === 0 || first.up_to === null) return { read: 0, queued: 0 };
    const queued: string[] = [];
    for (const row of rows) {
      if (row.id === null || row.topic === null || row.created_at === null) continue;
      const deliveryIds = await queueEvent(tx, {
        id: Number(row.id),
        topic: row.topic,
        patientId: row.patient_id,
        payload: row.payload,
        createdAt: new Date(row.created_at),
      });
      queued.push(...deliveryIds);
    }
    change.enqueue(...deliveryJobs(queued));
    await tx
      .update(webhookCursor)
      .set({ lastEventId: Number(first.up_to) })
      .where(eq(webhookCursor.id, 1));
    return { read, queued: queued.length };
  });
}

/** Runs batches until the events are caught up with; returns the deliveries queued. */
export async function fanOutWebhookEvents(db: Db, batchSize = FANOUT_BATCH_SIZE): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await fanOutBatch(db, batchSize);
    queued += batch.queued;
    if (batch.read < batchSize) return queued;
  }
}
