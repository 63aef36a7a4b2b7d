import { Redis } from 'ioredis';

type RedisLog = { info(message: string): void; warn(message: string): void };

/**
 * A Redis connection for state shared between instances. Commands fail after one retry instead
 * of queueing for ever, so an outage surfaces as an error the caller handles. The connection's
 * own errors are handled here (ioredis would print each one as unhandled while it reconnects):
 * an outage is logged once, when it starts, and once more when Redis answers again.
 */
export function createRedisClient(url: string, purpose: string, log?: RedisLog): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let isDown = false;
  redis.on('error', (error: Error) => {
    if (isDown) return;
    isDown = true;
    log?.warn(`Redis (${purpose}) is unreachable, retrying: ${error.message}`);
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    log?.info(`Redis (${purpose}) answers again`);
  });
  return redis;
}
