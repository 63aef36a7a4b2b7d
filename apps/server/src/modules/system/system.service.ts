import {
  INSTANCE_SEEN_WITHIN_MS,
  type TSystemOverview,
} from '@casebridge/domain/admin/system.schemas';
import { describeDependency, ZDependencyName } from '@casebridge/domain/health.schemas';
import type { AppContext } from '#src/app-context.ts';
import { listJobQueues } from '#src/modules/jobs/jobs.service.ts';
import { buildInfo } from '#src/version.ts';
import { compareMigrations, readMigrationJournal } from './migration-status.ts';
import { listAppliedMigrations, listInstancesSeenWithin } from './system.queries.ts';

type SystemSources = Pick<AppContext, 'db' | 'health' | 'instance'>;

/** GET /api/health's checks, each with what its state means and the probe's error. */
async function describeHealth(health: AppContext['health']): Promise<TSystemOverview['health']> {
  const report = await health.check();
  return {
    status: report.status,
    checks: ZDependencyName.options.map((name) => {
      const status = report.checks[name];
      const meaning = describeDependency(name, status);
      const error = report.errors[name];
      return { name, status, message: error ? `${meaning} (${error})` : meaning };
    }),
  };
}

/**
 * The operators' view (the admin console's System page): the dependencies, this build, the
 * migrations against this code's journal, the instances seen in the last minute and the queues.
 */
export async function getSystemOverview({
  db,
  health,
  instance,
}: SystemSources): Promise<TSystemOverview> {
  const [healthNow, journal, applied, instances, queues] = await Promise.all([
    describeHealth(health),
    readMigrationJournal(),
    listAppliedMigrations(db),
    listInstancesSeenWithin(db, INSTANCE_SEEN_WITHIN_MS),
    listJobQueues(db),
  ]);
  return {
    checkedAt: new Date().toISOString(),
    health: healthNow,
    build: buildInfo(),
    migrations: compareMigrations(journal, applied),
    instances: instances.map((row) => ({
      id: row.id,
      hostname: row.hostname,
      pid: row.pid,
      version: row.version,
      commit: row.commit,
      startedAt: row.startedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === instance.id,
    })),
    queues,
  };
}
