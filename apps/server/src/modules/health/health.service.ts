import type { THealthResponse } from '@casebridge/domain/health.schemas';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import type { EventHub } from '#src/events/event-hub.ts';
import { DISK_PROBE_FILE, probeDisk } from '#src/lib/disk-probe.ts';
import { toLoggableError } from '#src/lib/loggable-error.ts';
import { createRedisClient } from '#src/lib/redis-client.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';

/** A partitioned dependency must not hang the check: past this it counts as down. */
const PROBE_TIMEOUT_MS = 2_000;

type Checks = THealthResponse['checks'];

/**
 * GET /api/health's answer, and the error of each probe that threw: admins read those on the
 * System page; the public answer never carries them.
 */
export type HealthReport = THealthResponse & { errors: Partial<Record<keyof Checks, string>> };

export type HealthCheck = {
  /** Probes every dependency at once, each within PROBE_TIMEOUT_MS. */
  check(): Promise<HealthReport>;
  close(): void;
};

type HealthSources = {
  env: Pick<Env, 'dataDir' | 'redisUrl'>;
  database: Pick<Database, 'ping'>;
  hub: Pick<EventHub, 'isLive'>;
  storage: Pick<FileStorage, 'exists'>;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The one health check of an instance: GET /api/health (the load balancer's) and the admin
 * console's System page both ask it, so the two never disagree.
 */
export function createHealthCheck(sources: HealthSources): HealthCheck {
  const { env } = sources;
  // Its own connection: the check must not wait behind the rate limits' or the slots' commands.
  const redis = env.redisUrl ? createRedisClient(env.redisUrl, 'health') : null;

  return {
    async check() {
      const errors: HealthReport['errors'] = {};
      const answers = <T extends string>(
        name: keyof Checks,
        probe: Promise<unknown>,
        ok: T,
        failed: T,
      ) =>
        withTimeout(probe, PROBE_TIMEOUT_MS).then(
          () => ok,
          (error: unknown) => {
            errors[name] = toLoggableError(error).message;
            return failed;
          },
        );
      const { database, hub, storage } = sources;
      const [databaseCheck, disk, storageCheck, redisCheck] = await Promise.all([
        answers('database', database.ping(), 'ok' as const, 'unavailable' as const),
        probeDisk(env.dataDir),
        answers('storage', storage.exists(DISK_PROBE_FILE), 'ok' as const, 'unavailable' as const),
        redis
          ? answers('redis', redis.ping(), 'ok' as const, 'down' as const)
          : ('not_configured' as const),
      ]);
      const checks: Checks = {
        database: databaseCheck,
        liveEvents: hub.isLive ? 'ok' : 'down',
        disk,
        storage: storageCheck,
        redis: redisCheck,
      };
      const isDegraded =
        checks.liveEvents !== 'ok' || checks.storage !== 'ok' || checks.redis === 'down';
      const status =
        checks.database !== 'ok' || checks.disk !== 'ok'
          ? 'unavailable'
          : isDegraded
            ? 'degraded'
            : 'ok';
      return { status, checks, errors };
    },
    close() {
      redis?.disconnect();
    },
  };
}
