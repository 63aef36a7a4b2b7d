/** Settings shared by both StreamSlots implementations (lib/stream-slots.ts). */
export type StreamSlotOptions = {
  /** The cap per user: the event hub's MAX_STREAMS_PER_USER. */
  maxPerUser: number;
  /** How long a slot counts without a refresh. Default SLOT_TTL_MS. */
  ttlMs?: number;
  /** Where a Redis outage is reported (lib/redis-client.ts). */
  log?: { info(message: string): void; warn(message: string): void };
};

export const SLOT_TTL_MS = 60_000;
/** A third of the TTL: two refreshes may fail before a live stream's slot lapses. */
export const SLOT_REFRESH_MS = 20_000;

export function resolveSlotOptions(options: StreamSlotOptions) {
  return { maxPerUser: options.maxPerUser, ttlMs: options.ttlMs ?? SLOT_TTL_MS };
}
