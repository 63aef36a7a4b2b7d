import type {
  THealthCheckReport,
  TSeedDemoResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import { SYSTEM_TOOL_MESSAGES } from '@casebridge/domain/admin/system-tools.schemas';
import type { AppContext } from '#src/app-context.ts';
import { seedDemoData } from '#src/db/seed/seed-demo.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { checkDatabase, checkMail, checkStorage } from './health-checks.ts';

/** Runs the three round trips one after the other and records the outcome in the audit log. */
export async function runHealthChecks(
  context: AppContext,
  actor: Actor,
  request: RequestContext,
): Promise<THealthCheckReport> {
  const checks = [
    await checkDatabase(context.db),
    await checkStorage(context.storage),
    await checkMail(context.env.smtpUrl),
  ];
  await inChange(context.db, { actor, context: request }, async (change) => {
    change.audit({
      action: 'health_check_run',
      details: checks.map((check) => `${check.id}: ${check.status}`).join(', '),
    });
  }).catch(() => undefined);
  return { checks, ranAt: new Date().toISOString() };
}

/** 'Load demo data': only where demo data is enabled (SEED_DEMO), and idempotent. */
export async function loadDemoData(
  context: AppContext,
  actor: Actor,
  request: RequestContext,
): Promise<TSeedDemoResult> {
  // Demo accounts share a published password: never in production, whatever SEED_DEMO says.
  if (!context.env.seedDemo || context.env.nodeEnv === 'production') {
    throw new AppError('FORBIDDEN', SYSTEM_TOOL_MESSAGES.demoDataDisabled);
  }
  const result = await seedDemoData(context.db, context.storage);
  await inChange(context.db, { actor, context: request }, async (change) => {
    change.audit({
      action: 'demo_data_seeded',
      details: result.seeded ? 'demo data loaded' : (result.reason ?? 'nothing to do'),
    });
    if (result.seeded) {
      change.publish(
        { topic: 'organization.changed' },
        { topic: 'user.changed' },
        { topic: 'template.changed' },
      );
    }
  });
  return { seeded: result.seeded, reason: result.reason ?? null };
}
