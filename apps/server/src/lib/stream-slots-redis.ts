import { randomUUID } from 'node:crypto';
import { createRedisClient } from './redis-client.ts';
import { resolveSlotOptions, type StreamSlotOptions } from './stream-slot-options.ts';
import type { StreamSlots } from './stream-slots.ts';

const KEY_PREFIX = 'casebridge:stream-slots:';

/**
 * One sorted set per user: member = slot id, score = when the slot lapses (Redis's clock). The
 * script sweeps lapsed slots, counts and adds in one atomic step, so concurrent acquires from any
 * number of instances never exceed the cap.
 */
const ACQUIRE = `
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  local ttl = tonumber(ARGV[2])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ttl)
  return 1
`;

/** Pushes back the lapse time of still-present slots (XX: a released slot is not revived). */
const REFRESH = `
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  local ttl = tonumber(ARGV[1])
  for index, key in ipairs(KEYS) do
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
    redis.call('ZADD', key, 'XX', now + ttl, ARGV[index + 1])
    if redis.call('ZCARD', key) > 0 then redis.call('PEXPIRE', key, ttl) end
  end
  return 1
`;

/** The slot id carries its user, so release and refresh find the set without a lookup. */
function toUserKey(slotId: string): string | null {
  const separator = slotId.indexOf(':');
  return separator > 0 ? `${KEY_PREFIX}${slotId.slice(separator + 1)}` : null;
}

export function createRedisStreamSlots(url: string, options: StreamSlotOptions): StreamSlots {
  const { maxPerUser, ttlMs } = resolveSlotOptions(options);
  const redis = createRedisClient(url, 'live stream slots', options.log);

  return {
    async acquire(userId) {
      const slotId = `${randomUUID()}:${userId}`;
      const added = await redis.eval(
        ACQUIRE,
        1,
        `${KEY_PREFIX}${userId}`,
        maxPerUser,
        ttlMs,
        slotId,
      );
      return added === 1 ? slotId : null;
    },
    async release(slotId) {
      const key = toUserKey(slotId);
      if (key) await redis.zrem(key, slotId);
    },
    async refresh(slotIds) {
      const slots = slotIds.flatMap((slotId) => {
        const key = toUserKey(slotId);
        return key ? [{ key, slotId }] : [];
      });
      if (slots.length === 0) return;
      await redis.eval(
        REFRESH,
        slots.length,
        ...slots.map((slot) => slot.key),
        ttlMs,
        ...slots.map((slot) => slot.slotId),
      );
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
