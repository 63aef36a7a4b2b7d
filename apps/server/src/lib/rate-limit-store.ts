import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { rateLimitCounters } from '#src/db/schema/index.ts';

/** Expired counters are swept every this many hits per instance, so the table stays small. */
const SWEEP_EVERY_HITS = 500;

type RouteLimitOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * Counts one hit in a fixed window, in a single atomic statement: the row is created at 1, or
 * incremented, or restarted at 1 when its window is over. The database clock decides the window,
 * so every instance on the database shares one count per client and route.
 */
export async function countHit(db: Db, key: string, timeWindowMs: number) {
  const windowEndsAt = sql`now() + ${timeWindowMs} * interval '1 millisecond'`;
  const isOver = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${isOver} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${isOver} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      // Capped at the window: the epoch is a float, and 60 s can read as 60.000000000001.
      ttlMs: sql<number>`least(${timeWindowMs}, greatest(0, ceil(extract(epoch from ${rateLimitCounters.windowEndsAt} - now()) * 1000)))::int`,
    });
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { current: row.hits, ttl: Number(row.ttlMs) };
}

/** A @fastify/rate-limit store over the rate_limit_counters table. */
export function createPostgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;

  async function sweep() {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
  }

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY_HITS) {
        hitsSinceSweep = 0;
        // A failed sweep only delays cleanup; the next one retries.
        sweep().catch(() => undefined);
      }
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes its merged limit options (with routeInfo), not the RouteOptions its
      // types name; the built-in Redis store reads the same fields.
      const options = routeOptions as unknown as RouteLimitOptions;
      // Neither is used by CaseBridge's limits; refuse rather than silently ignore them.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('the PostgreSQL rate-limit store counts fixed windows only');
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(
        options,
        `${this.prefix}${method}${options.routeInfo?.url ?? ''}-`,
      );
    }
  }
  return PostgresRateLimitStore;
}
