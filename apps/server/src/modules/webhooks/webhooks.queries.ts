import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type {
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEventType,
} from '@casebridge/domain/webhooks/webhook.schemas';
import type { Db } from '#src/db/client.ts';
import { firstOrThrow } from '#src/db/first-or-throw.ts';
import { organizations, webhookDeliveries, webhookEndpoints } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { descNullsLast } from '#src/lib/index-order.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointFields = Pick<EndpointRow, 'url' | 'description' | 'eventTypes' | 'active'>;
type SealedSecret = Pick<EndpointRow, 'secretCiphertext' | 'secretKeyId'>;

/**
 * The endpoints an actor manages, in SQL: an administrator every one, anyone else only their
 * organisation's (a user without one: none). Deleted endpoints are nobody's to manage.
 */
export function endpointScopeCondition(actor: Actor): SQL {
  const notDeleted = isNull(webhookEndpoints.deletedAt);
  if (actor.role === 'admin') return notDeleted;
  if (!actor.organizationId) return sql`false`;
  return and(notDeleted, eq(webhookEndpoints.organizationId, actor.organizationId))!;
}

/** The latest delivery of each endpoint, for the list. */
const lastDelivery = sql<{ status: string; statusCode: number | null; at: string } | null>`(
  select json_build_object('status', d.status, 'statusCode', d.last_status_code,
    'at', coalesce(d.last_attempt_at, d.created_at))
  from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id}
  order by d.created_at desc nulls last, d.id desc nulls last limit 1)`;

const endpointColumns = {
  endpoint: webhookEndpoints,
  organizationName: organizations.name,
  lastDelivery,
};

type EndpointListRow = {
  endpoint: EndpointRow;
  organizationName: string | null;
  lastDelivery: { status: string; statusCode: number | null; at: string } | null;
};

export function toEndpoint(row: EndpointListRow): TWebhookEndpoint {
  const { endpoint } = row;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes as TWebhookEventType[],
    active: endpoint.active,
    organizationId: endpoint.organizationId,
    organizationName: row.organizationName,
    createdByName: endpoint.createdByName,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    lastDelivery: row.lastDelivery
      ? {
          status: row.lastDelivery.status as TWebhookDelivery['status'],
          statusCode: row.lastDelivery.statusCode,
          at: new Date(row.lastDelivery.at).toISOString(),
        }
      : null,
  };
}

/** The actor's endpoints, newest first (at most `limit`). */
export async function listEndpoints(
  db: Db,
  actor: Actor,
  limit: number,
): Promise<TWebhookEndpoint[]> {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId))
    .where(endpointScopeCondition(actor))
    .orderBy(descNullsLast(webhookEndpoints.createdAt), descNullsLast(webhookEndpoints.id))
    .limit(limit);
  return rows.map(toEndpoint);
}

/** One endpoint as the list shows it, when the actor manages it. */
export async function getEndpoint(
  db: Db,
  actor: Actor,
  id: string,
): Promise<TWebhookEndpoint | null> {
  const [row] = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId))
    .where(and(eq(webhookEndpoints.id, id), endpointScopeCondition(actor)));
  return row ? toEndpoint(row) : null;
}

/** The endpoint row, locked for a change, when the actor manages it. */
export async function lockEndpoint(db: Db, actor: Actor, id: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), endpointScopeCondition(actor)))
    .for('update');
  return row ?? null;
}

export function toDelivery(row: DeliveryRow): TWebhookDelivery {
  const isWaiting = row.status === 'pending';
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType as TWebhookEventType,
    eventId: row.eventId,
    replayOf: row.replayOf,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastResponseBody: row.lastResponseBody,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: isWaiting ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * An endpoint's deliveries newest first, those after the `cursor` one in (created_at, id) order,
 * read along webhook_deliveries_endpoint_created_idx. A cursor of another endpoint finds no row
 * and so starts nowhere: the page is empty.
 */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: TWebhookDelivery[]; nextCursor: string | null }> {
  const after = page.cursor
    ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (select c.created_at, c.id from ${webhookDeliveries} c where c.id = ${page.cursor} and c.endpoint_id = ${endpointId})`
    : undefined;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), after))
    .orderBy(descNullsLast(webhookDeliveries.createdAt), descNullsLast(webhookDeliveries.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(toDelivery);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? last.id : null };
}

/** The id of the organisation named for a new endpoint, when there is one. */
export async function findOrganizationId(db: Db, id: string): Promise<string | null> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, id));
  return organization?.id ?? null;
}

/** The endpoints not deleted of one scope: an organisation's, or (null) the all-patients one. */
export async function countEndpoints(db: Db, organizationId: string | null): Promise<number> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(
      and(
        sql`${webhookEndpoints.deletedAt} is null`,
        organizationId
          ? eq(webhookEndpoints.organizationId, organizationId)
          : sql`${webhookEndpoints.organizationId} is null`,
      ),
    );
  return count;
}

export async function insertEndpoint(
  db: Db,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const inserted = await db.insert(webhookEndpoints).values(values).returning();
  return firstOrThrow(inserted, 'the new webhook endpoint');
}

/** Writes an endpoint's editable fields; the caller holds its lock (lockEndpoint). */
export async function updateEndpointFields(
  db: Db,
  id: string,
  fields: EndpointFields,
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id));
}

/** Soft delete; the caller holds the endpoint's lock. */
export async function markEndpointDeleted(db: Db, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id));
}

/** Replaces the sealed signing secret; the caller holds the endpoint's lock. */
export async function updateEndpointSecret(
  db: Db,
  id: string,
  sealed: SealedSecret,
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ ...sealed, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id));
}

/** One delivery of one endpoint: an id of another endpoint's delivery finds nothing. */
export async function getDeliveryRow(
  db: Db,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row ?? null;
}

/** Whether the endpoint meets `covers` (webhook-fanout.ts's endpointCoversCondition) now. */
export async function endpointMeets(db: Db, endpointId: string, covers: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), covers));
  return row !== undefined;
}

/** The endpoint's deliveries still to send: what its resumption queues again. */
export async function listWaitingDeliveryIds(db: Db, endpointId: string): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        inArray(webhookDeliveries.status, ['pending', 'sending']),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertDelivery(
  db: Db,
  values: typeof webhookDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const inserted = await db.insert(webhookDeliveries).values(values).returning();
  return firstOrThrow(inserted, 'the replayed delivery');
}

/** Deliveries not yet delivered, by endpoint and status (the metrics'). */
export function countUndeliveredWebhooks(db: Db) {
  return db
    .select({
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      count: sql<number>`count(*)::int`,
    })
    .from(webhookDeliveries)
    .where(ne(webhookDeliveries.status, 'delivered'))
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
}
