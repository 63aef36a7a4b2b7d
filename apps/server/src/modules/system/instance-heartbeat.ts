import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '#src/db/client.ts';
import type { RunnerHeartbeat } from '#src/jobs/job-runner.ts';
import { buildInfo } from '#src/version.ts';
import {
  deleteInstance,
  deleteInstancesNotSeenFor,
  upsertInstance,
  type NewInstance,
} from './system.queries.ts';

/** How often an instance refreshes its row: four beats in the System page's minute. */
export const INSTANCE_HEARTBEAT_MS = 15_000;

/** A row not refreshed for this long is an instance that was killed: whoever beats deletes it. */
export const INSTANCE_FORGOTTEN_AFTER_MS = 24 * 60 * 60_000;

/** Who this process is, as its row in `server_instances` says. */
export type ServerInstance = NewInstance;

export function describeThisInstance(): ServerInstance {
  const { version, commit } = buildInfo();
  return {
    id: randomUUID(),
    hostname: hostname(),
    pid: process.pid,
    version,
    commit,
    startedAt: new Date(),
  };
}

/**
 * The instance's row, kept by its job runner's poll loop (docs/architecture/jobs.md, 'The
 * instances'): written at start, refreshed every INSTANCE_HEARTBEAT_MS, deleted at a clean stop.
 */
export function createInstanceHeartbeat(db: Db, instance: ServerInstance): RunnerHeartbeat {
  return {
    everyMs: INSTANCE_HEARTBEAT_MS,
    async beat() {
      await upsertInstance(db, instance);
      await deleteInstancesNotSeenFor(db, INSTANCE_FORGOTTEN_AFTER_MS);
    },
    end: () => deleteInstance(db, instance.id),
  };
}
