import type { Db } from '#src/db/client.ts';
import { createPostgresStreamSlots } from './stream-slots-postgres.ts';
import { createRedisStreamSlots } from './stream-slots-redis.ts';
import type { StreamSlotOptions } from './stream-slot-options.ts';

/**
 * The per-user cap on open live streams, counted across every instance. Each open stream holds
 * a slot; an instance refreshes all of its slots periodically (every SLOT_REFRESH_MS) and a slot
 * not refreshed for SLOT_TTL_MS stops counting, so a crashed instance frees its users' slots.
 */
export type StreamSlots = {
  /** A slot id, or null when the user already holds the maximum of live slots. */
  acquire(userId: string): Promise<string | null>;
  /** Frees a slot; releasing one that is gone (expired, released) does nothing. */
  release(slotId: string): Promise<void>;
  /** Keeps this instance's slots alive, in one round trip for all of them. */
  refresh(slotIds: string[]): Promise<void>;
  /** Ends the connection the slots use (Redis); the database one belongs to the app. */
  close(): Promise<void>;
};

/** Redis when REDIS_URL is set, otherwise the live_stream_slots table. */
export function createStreamSlots(
  context: { db: Db; env: { redisUrl: string | undefined } },
  options: StreamSlotOptions,
): StreamSlots {
  return context.env.redisUrl
    ? createRedisStreamSlots(context.env.redisUrl, options)
    : createPostgresStreamSlots(context.db, options);
}

export { SLOT_REFRESH_MS, SLOT_TTL_MS } from './stream-slot-options.ts';
