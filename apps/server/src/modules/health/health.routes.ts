import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthResponse, type THealthResponse } from '@casebridge/domain/health.schemas';
import { probeDisk } from '#src/lib/disk-probe.ts';

/** A partitioned database must not hang the check: past this it counts as unavailable. */
const DATABASE_PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Check service health',
        description: 'Database, live-event and disk check for load balancers',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const { database, hub, env } = app.ctx;
      const [databaseCheck, disk] = await Promise.all([
        withTimeout(database.ping(), DATABASE_PING_TIMEOUT_MS).then(
          () => 'ok' as const,
          () => 'unavailable' as const,
        ),
        probeDisk(env.dataDir),
      ]);
      const checks: THealthResponse['checks'] = {
        database: databaseCheck,
        liveEvents: hub.isLive ? 'ok' : 'down',
        disk,
      };
      const status =
        checks.database !== 'ok' || checks.disk !== 'ok'
          ? 'unavailable'
          : checks.liveEvents !== 'ok'
            ? 'degraded'
            : 'ok';
      return reply.status(status === 'ok' ? 200 : 503).send({ status, checks });
    },
  );

  api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
