import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_PREFIX,
  type TCreateWebhookEndpointData,
  type TUpdateWebhookEndpointData,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
  ZWebhookPayload,
} from '@casebridge/domain/webhooks/webhook.schemas';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, notFound, validationFailed } from '#src/lib/app-error.ts';
import { inChange } from '#src/change/change.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { sealSecret, type DocumentKeyring } from '#src/storage/document-encryption.ts';
import { deliveryJobs, endpointCoversCondition } from './webhook-fanout.ts';
import {
  checkWebhookUrl,
  resolvesToPublicAddresses,
  type WebhookUrlPolicy,
} from './webhook-url.ts';
import {
  countEndpoints,
  endpointMeets,
  findOrganizationId,
  getDeliveryRow,
  getEndpoint,
  insertDelivery,
  listWaitingDeliveryIds,
  insertEndpoint,
  listDeliveries as selectDeliveryPage,
  listEndpoints as selectEndpoints,
  lockEndpoint,
  markEndpointDeleted,
  toDelivery,
  updateEndpointFields,
  updateEndpointSecret,
  type EndpointRow,
} from './webhooks.queries.ts';

export type WebhookServiceContext = RequestContext & {
  keyring: DocumentKeyring;
  urlPolicy: WebhookUrlPolicy;
};

/** `whsec_` and 32 random bytes, base64url: shown once, kept sealed. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

const sealedColumns = (keyring: DocumentKeyring, endpointId: string, secret: string) => {
  const sealed = sealSecret(keyring, `webhook:${endpointId}`, secret);
  return { secretCiphertext: sealed.ciphertext, secretKeyId: sealed.keyId };
};

/** The audit's words for an endpoint: its id, host and types (never the secret or the path's query). */
const describeEndpoint = (endpoint: Pick<EndpointRow, 'id' | 'url' | 'eventTypes'>) =>
  `endpoint ${endpoint.id} (${new URL(endpoint.url).host}; ${endpoint.eventTypes.join(', ')})`;

async function checkUrl(raw: string, policy: WebhookUrlPolicy): Promise<string> {
  const url = checkWebhookUrl(raw, policy);
  if (!(await resolvesToPublicAddresses(url, policy)))
    throw validationFailed('url: must resolve to a public address');
  return url;
}

/**
 * Whose scope a new endpoint has: an organisation's user, their organisation's (naming another
 * is refused); an administrator, the organisation named or, with none, every patient's.
 */
async function resolveOrganization(
  db: Db,
  actor: Actor,
  requested: string | null | undefined,
): Promise<string | null> {
  if (actor.role !== 'admin') {
    if (!actor.organizationId) throw forbidden();
    if (requested !== undefined && requested !== actor.organizationId)
      throw validationFailed('organizationId: only administrators choose the organisation');
    return actor.organizationId;
  }
  if (!requested) return null;
  const organizationId = await findOrganizationId(db, requested);
  if (!organizationId) throw validationFailed('organizationId: no such organisation');
  return organizationId;
}

/** The endpoints the actor manages, newest first (at most `limit`). */
/** Deliveries not yet delivered, by endpoint and status (the metrics'). */
export { countUndeliveredWebhooks } from './webhooks.queries.ts';

export function listEndpoints(db: Db, actor: Actor, limit: number): Promise<TWebhookEndpoint[]> {
  return selectEndpoints(db, actor, limit);
}

/** A page of an endpoint's deliveries, newest first; call it with an endpoint already required. */
export function listDeliveries(
  db: Db,
  endpointId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: TWebhookDelivery[]; nextCursor: string | null }> {
  return selectDeliveryPage(db, endpointId, page);
}

async function requireEndpoint(db: Db, actor: Actor, id: string): Promise<TWebhookEndpoint> {
  const endpoint = await getEndpoint(db, actor, id);
  if (!endpoint) throw notFound();
  return endpoint;
}

export async function createEndpoint(
  db: Db,
  actor: Actor,
  input: TCreateWebhookEndpointData,
  context: WebhookServiceContext,
): Promise<TWebhookEndpointWithSecret> {
  const url = await checkUrl(input.url, context.urlPolicy);
  const organizationId = await resolveOrganization(db, actor, input.organizationId);
  const id = randomUUID();
  const secret = newSecret();
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const count = await countEndpoints(tx, organizationId);
    if (count >= WEBHOOK_ENDPOINTS_MAX)
      throw validationFailed(`url: at most ${WEBHOOK_ENDPOINTS_MAX} endpoints per organisation`);
    const row = await insertEndpoint(tx, {
      id,
      organizationId,
      url,
      description: input.description ?? null,
      eventTypes: input.eventTypes,
      ...sealedColumns(context.keyring, id, secret),
      createdBy: actor.userId,
      createdByName: actor.name,
    });
    change.audit({
      action: 'webhook_created',
      details: `${describeEndpoint(row)}; scope ${organizationId ?? 'all patients'}`,
    });
  });
  return { ...(await requireEndpoint(db, actor, id)), secret };
}

export async function updateEndpoint(
  db: Db,
  actor: Actor,
  id: string,
  input: TUpdateWebhookEndpointData,
  context: WebhookServiceContext,
): Promise<TWebhookEndpoint> {
  const url = input.url === undefined ? undefined : await checkUrl(input.url, context.urlPolicy);
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await lockEndpoint(tx, actor, id);
    if (!current) throw notFound();
    const next = {
      url: url ?? current.url,
      description: input.description === undefined ? current.description : input.description,
      eventTypes: input.eventTypes ?? current.eventTypes,
      active: input.active ?? current.active,
    };
    const changed = (['url', 'description', 'eventTypes', 'active'] as const).filter(
      (field) => JSON.stringify(next[field]) !== JSON.stringify(current[field]),
    );
    if (changed.length === 0) return;
    await updateEndpointFields(tx, id, next);
    // A paused endpoint's deliveries wait without a job; resuming sends them.
    if (next.active && !current.active)
      change.enqueue(...deliveryJobs(await listWaitingDeliveryIds(tx, id)));
    change.audit({
      action: 'webhook_updated',
      details: `${describeEndpoint({ id, ...next })}; changed: ${changed.join(', ')}${
        changed.includes('active') ? (next.active ? ' (resumed)' : ' (paused)') : ''
      }`,
    });
  });
  return requireEndpoint(db, actor, id);
}

/** Soft delete: the endpoint gets nothing more; its rows stay for the record. */
export async function deleteEndpoint(
  db: Db,
  actor: Actor,
  id: string,
  context: RequestContext,
): Promise<void> {
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await lockEndpoint(tx, actor, id);
    if (!current) throw notFound();
    await markEndpointDeleted(tx, id);
    change.audit({
      action: 'webhook_deleted',
      details: describeEndpoint(current),
    });
  });
}

/** A new signing secret, shown once; the old one stops signing at once. */
export async function rotateSecret(
  db: Db,
  actor: Actor,
  id: string,
  context: WebhookServiceContext,
): Promise<TWebhookEndpointWithSecret> {
  const secret = newSecret();
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const current = await lockEndpoint(tx, actor, id);
    if (!current) throw notFound();
    await updateEndpointSecret(tx, id, sealedColumns(context.keyring, id, secret));
    change.audit({
      action: 'webhook_secret_rotated',
      details: describeEndpoint(current),
    });
  });
  return { ...(await requireEndpoint(db, actor, id)), secret };
}

/**
 * Queues a copy of a delivery, due now, naming the original in `replay_of`; its payload is the
 * original's with the copy's own id, so a receiver that de-duplicates by id takes it.
 */
export async function replayDelivery(
  db: Db,
  actor: Actor,
  ids: { endpointId: string; deliveryId: string },
  context: RequestContext,
): Promise<TWebhookDelivery> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const endpoint = await lockEndpoint(tx, actor, ids.endpointId);
    if (!endpoint) throw notFound();
    const original = await getDeliveryRow(tx, ids.endpointId, ids.deliveryId);
    if (!original) throw notFound();
    // The scope is judged now, as for a new event: no replay about a patient the endpoint's
    // organisation no longer sees (or a document it may no longer open).
    const payload = ZWebhookPayload.parse(original.payload);
    const covered = await endpointMeets(
      tx,
      endpoint.id,
      endpointCoversCondition(payload.type, payload.data),
    );
    if (!covered)
      throw new AppError(
        'CONFLICT',
        "The endpoint's organisation no longer sees this record: it cannot be sent again.",
      );
    const copyId = randomUUID();
    const copy = await insertDelivery(tx, {
      id: copyId,
      endpointId: original.endpointId,
      eventId: null,
      replayOf: original.id,
      eventType: original.eventType,
      patientId: original.patientId,
      payload: { ...payload, id: copyId },
    });
    change.enqueue(...deliveryJobs([copyId])).audit({
      action: 'webhook_delivery_replayed',
      details: `delivery ${original.id} of ${describeEndpoint(endpoint)} as ${copyId}`,
    });
    return toDelivery(copy);
  });
}

export { requireEndpoint };
