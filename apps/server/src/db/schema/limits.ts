import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Per-IP request counters of the public endpoints, shared by every instance on the database
 * (lib/rate-limit-store.ts). One row per route and client; a row past its window restarts at 1.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);

/**
 * Open live streams per user across every instance (lib/stream-slots.ts). Each instance refreshes
 * its own slots; a slot left unrefreshed (its instance crashed) stops counting and is deleted.
 * No foreign key: a slot lives for about a minute without refresh and is never joined.
 */
export const liveStreamSlots = pgTable(
  'live_stream_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_stream_slots_user_id_idx').on(t.userId, t.refreshedAt)],
);

/**
 * Creates a client may repeat (lib/idempotency.ts): one row per `Idempotency-Key` and scope (the
 * user, or the client address on public routes). The first request holds the row while it runs;
 * its answer is kept, so a repeat gets the same answer and creates nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Method, route and body of the first request: the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    /**
     * A multipart body's SHA-256, kept when the first request read it all: a repeat whose file
     * differs (the same size) is refused rather than answered with the first file's record.
     */
    bodyHash: text('body_hash'),
    /** Null while the first request runs. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
