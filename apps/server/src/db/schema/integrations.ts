import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '@casebridge/domain/roles';
import { users } from './auth.ts';
import { organizations } from './organizations.ts';
import { patients } from './patients.ts';

/**
 * Machine API tokens. A token acts through its own service account (`userId`, a users
 * row of kind 'service' that cannot sign in), so everything it writes names it and every scope
 * rule applies to it exactly as to that organisation's users; `capabilities` narrows what its role
 * allows. Only the SHA-256 of the secret is kept; the secret is shown once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The organisation the token acts for; null for an administrators' token. */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    /** The service account the token acts as (role and organisation as above). */
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    capabilities: text('capabilities').array().notNull(),
    /** Hex SHA-256 of the whole secret; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret's first characters, shown in lists so a token can be recognised. */
    secretPrefix: text('secret_prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByName: text('revoked_by_name'),
  },
  (t) => [
    check('api_tokens_role_check', sql`${t.role} in ('clinic', 'attorney', 'lienholder', 'admin')`),
    check('api_tokens_name_check', sql`length(trim(${t.name})) > 0`),
    index('api_tokens_organization_idx').on(t.organizationId, t.createdAt.desc()),
    index('api_tokens_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Webhook endpoints: an HTTPS address that receives the chosen event types, for an
 * organisation's scope (only events about patients that organisation may see) or, with no
 * organisation, an administrator's (every patient). The signing secret is kept sealed with the
 * document master key (storage/document-crypto) because signing needs it back.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    /** The signing secret, sealed (AES-256-GCM under the master key `secretKeyId` names). */
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    /** Paused endpoints get no new deliveries; those already queued wait. */
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted endpoints are kept with their deliveries for the admin view. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId, t.createdAt.desc())],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The durable webhook outbox: one row per endpoint and event, written from the events
 * table (ids become visible in id order, ADR 0007) and sent by a worker with retries and backoff,
 * like the mail outbox. The last answer is kept for the admin view; replay queues a copy.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The live event it came from (null for a replay's copy, which names `replayOf`). */
    eventId: bigint('event_id', { mode: 'number' }),
    replayOf: uuid('replay_of'),
    eventType: text('event_type').notNull(),
    patientId: uuid('patient_id'),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    /** The first few KB of the receiver's last answer, or why there was none. */
    lastResponseBody: text('last_response_body'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`,
    ),
    uniqueIndex('webhook_deliveries_endpoint_event_idx')
      .on(t.endpointId, t.eventId)
      .where(sql`${t.eventId} is not null`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_claimed_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'sending'`),
    index('webhook_deliveries_endpoint_created_idx').on(
      t.endpointId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('webhook_deliveries_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Every metrics scrape counts the deliveries not yet delivered, per endpoint.
    index('webhook_deliveries_undelivered_idx')
      .on(t.endpointId, t.status)
      .where(sql`${t.status} <> 'delivered'`),
  ],
);

/**
 * How far the webhook fan-out has read the events table: one row. Events become visible in id
 * order (ADR 0007), so a cursor never skips one; the event retention job keeps every event past it.
 */
export const webhookCursor = pgTable(
  'webhook_cursor',
  {
    id: integer('id').primaryKey().default(1),
    lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('webhook_cursor_single_row', sql`${t.id} = 1`)],
);

/**
 * A patient's identifier in an organisation's own system: unique within that
 * organisation, set by it, seen by it (and administrators).
 */
export const patientExternalIds = pgTable(
  'patient_external_ids',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.organizationId] }),
    uniqueIndex('patient_external_ids_org_external_idx').on(t.organizationId, t.externalId),
    check('patient_external_ids_value_check', sql`length(trim(${t.externalId})) between 1 and 100`),
  ],
);

/**
 * What the importer from the old document database made of each source record (`npm run
 * import`): a second run finds the record here and changes nothing.
 */
export const importRecords = pgTable(
  'import_records',
  {
    /** The source collection path, e.g. 'patients' or 'patients/billingEntries'. */
    collection: text('collection').notNull(),
    sourceId: text('source_id').notNull(),
    targetTable: text('target_table').notNull(),
    targetId: text('target_id').notNull(),
    /** SHA-256 of the source record as imported, to report a changed record on a later run. */
    sourceHash: text('source_hash').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.sourceId] })],
);
