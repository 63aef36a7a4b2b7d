import { z } from 'zod';
import { ZDependencyName, ZHealthResponse } from '../health.schemas.ts';
import { ZJobQueue } from './jobs.schemas.ts';

/** The System page lists the instances whose heartbeat is at most this old. */
export const INSTANCE_SEEN_WITHIN_MS = 60_000;

/** One dependency as GET /api/health checks it, with what its state means. */
export const ZDependencyCheck = z.object({
  name: ZDependencyName,
  status: z.enum(['ok', 'down', 'full', 'unavailable', 'not_configured']),
  /** The state's meaning, then the probe's error where it threw one. */
  message: z.string(),
});
export type TDependencyCheck = z.infer<typeof ZDependencyCheck>;

/** A server instance on this database, from its row in `server_instances`. */
export const ZServerInstance = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  version: z.string(),
  commit: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The instance that answered this request. */
  isCurrent: z.boolean(),
});
export type TServerInstance = z.infer<typeof ZServerInstance>;

/**
 * A migration of the journal or of the database's `drizzle.__drizzle_migrations`. `createdAt` is
 * when it was generated (the journal's `when`, which drizzle stores; it keeps no time of
 * application). `tag` is null for a migration this code does not know.
 */
export const ZMigration = z.object({ tag: z.string().nullable(), createdAt: z.string() });
export type TMigration = z.infer<typeof ZMigration>;

export const ZMigrationsStatus = z.object({
  /** How many migrations the database has applied. */
  applied: z.number().int(),
  /** How many migrations this code's journal lists. */
  known: z.number().int(),
  latest: ZMigration.nullable(),
  /** In this code's journal, not applied to the database. */
  pending: z.array(ZMigration),
  /** Applied to the database, not in this code's journal: a newer instance migrated. */
  unknown: z.array(ZMigration),
});
export type TMigrationsStatus = z.infer<typeof ZMigrationsStatus>;

/** GET /api/admin/system: the operators' view of the deployment. No patient information. */
export const ZSystemOverview = z.object({
  checkedAt: z.string(),
  health: z.object({
    status: ZHealthResponse.shape.status,
    checks: z.array(ZDependencyCheck),
  }),
  /** The instance that answered. */
  build: z.object({ version: z.string(), commit: z.string().nullable() }),
  migrations: ZMigrationsStatus,
  /** Instances seen within INSTANCE_SEEN_WITHIN_MS, the longest-running first. */
  instances: z.array(ZServerInstance),
  queues: z.array(ZJobQueue),
});
export type TSystemOverview = z.infer<typeof ZSystemOverview>;
