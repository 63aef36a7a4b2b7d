import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Db } from '#src/db/client.ts';
import { throttleGroupOf } from './address-group.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';
import { createRedisClient } from './redis-client.ts';

export type RateLimitBackend = {
  options: Partial<RateLimitPluginOptions>;
  close(): Promise<void>;
};

/** Counted per client: an IPv4 address, or an IPv6 address's /64. */
const keyGenerator = (request: { ip: string }) => throttleGroupOf(request.ip);

/**
 * Where the per-IP counts live so that every instance shares them: Redis when REDIS_URL is set,
 * otherwise the database's rate_limit_counters table (PGlite, a single process, uses it too).
 */
export function createRateLimitBackend(
  context: { db: Db; env: { redisUrl: string | undefined } },
  log?: { info(message: string): void; warn(message: string): void },
): RateLimitBackend {
  if (!context.env.redisUrl) {
    return {
      options: { store: createPostgresRateLimitStore(context.db), keyGenerator },
      close: async () => {},
    };
  }
  const redis = createRedisClient(context.env.redisUrl, 'rate limits', log);
  return {
    // While Redis is down the limits fall open: sign-in keeps its own throttling in the
    // database, and refusing every public request would be the bigger outage.
    options: { redis, nameSpace: 'casebridge-rate-limit:', skipOnError: true, keyGenerator },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
