import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthResponse, type THealthResponse } from '@casebridge/domain/health.schemas';
import { DISK_PROBE_FILE, probeDisk } from '#src/lib/disk-probe.ts';
import { createRedisClient } from '#src/lib/redis-client.ts';

/** A partitioned dependency must not hang the check: past this it counts as down. */
const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { env } = app.ctx;
  // Its own connection: the check must not wait behind the rate limits' or the slots' commands.
  const redis = env.redisUrl ? createRedisClient(env.redisUrl, 'health') : null;
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  const answers = <T extends string>(probe: Promise<unknown>, ok: T, failed: T) =>
    withTimeout(probe, PROBE_TIMEOUT_MS).then(
      () => ok,
      () => failed,
    );

  api.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Check service health',
        description:
          'Each dependency: database, live events, data disk (with headroom), file store, Redis. 503 only when the instance cannot serve (database or disk); a part that is down answers 200 degraded',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const { database, hub, storage } = app.ctx;
      const [databaseCheck, disk, storageCheck, redisCheck] = await Promise.all([
        answers(database.ping(), 'ok' as const, 'unavailable' as const),
        probeDisk(env.dataDir),
        answers(storage.exists(DISK_PROBE_FILE), 'ok' as const, 'unavailable' as const),
        redis ? answers(redis.ping(), 'ok' as const, 'down' as const) : ('not_configured' as const),
      ]);
      const checks: THealthResponse['checks'] = {
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
      return reply.status(status === 'unavailable' ? 503 : 200).send({ status, checks });
    },
  );

  api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
