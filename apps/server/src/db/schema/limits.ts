import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
