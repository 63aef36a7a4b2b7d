import { Redis } from 'ioredis';

/**
 * A Redis connection for state shared between instances. Commands fail after one retry instead
 * of queueing for ever, so an outage surfaces as an error the caller handles.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
}
