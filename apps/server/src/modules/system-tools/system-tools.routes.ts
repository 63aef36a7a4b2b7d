import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZHealthCheckReport,
  ZSeedDemoResult,
  ZSystemToolsStatus,
} from '@casebridge/domain/admin/system-tools.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { loadDemoData, runHealthChecks } from './system-tools.service.ts';

const errors = { 401: ZErrorBody, 403: ZErrorBody };

/** Admin-only tools of spec section 7: connection tests and demo data seeding. */
export async function systemToolRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context = app.ctx;

  api.get(
    '/admin/tools',
    {
      config: { access: 'admin:tools' },
      schema: {
        tags: ['admin tools'],
        summary: 'List the admin tools',
        description: 'Which tools this server offers',
        response: { 200: ZSystemToolsStatus, ...errors },
      },
    },
    async () => ({
      demoDataEnabled: context.env.seedDemo && context.env.nodeEnv !== 'production',
      mailConfigured: Boolean(context.env.smtpUrl),
    }),
  );

  api.post(
    '/admin/health-checks',
    {
      config: { access: 'admin:tools' },
      schema: {
        tags: ['admin tools'],
        operationId: 'runHealthChecks',
        summary: 'Run health checks',
        description: 'Database, storage and mail round trips, with a result per check',
        response: { 200: ZHealthCheckReport, ...errors },
      },
    },
    async (request) => runHealthChecks(context, requireActor(request), requestContext(request)),
  );

  api.post(
    '/admin/demo-data',
    {
      config: { access: 'admin:tools' },
      schema: {
        tags: ['admin tools'],
        operationId: 'loadDemoData',
        summary: 'Load the demo data',
        description: 'Load the demo data (only when demo data is enabled; idempotent)',
        response: { 200: ZSeedDemoResult, ...errors },
      },
    },
    async (request) => loadDemoData(context, requireActor(request), requestContext(request)),
  );
}
