import { z } from 'zod';

/**
 * GET /api/health: each dependency the instance uses. `ok` answers 200. `degraded` also answers
 * 200: the instance serves, but a part is down (live updates, the file store, Redis), and the
 * check says which. `unavailable` answers 503 so a load balancer takes the instance out: the
 * database or the data disk fails (or the disk is nearly full), and nothing can be saved.
 */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.object({
    database: z.enum(['ok', 'unavailable']),
    liveEvents: z.enum(['ok', 'down']),
    disk: z.enum(['ok', 'full', 'unavailable']),
    storage: z.enum(['ok', 'unavailable']),
    redis: z.enum(['ok', 'down', 'not_configured']),
  }),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

type HealthChecks = THealthResponse['checks'];
export type DependencyName = keyof HealthChecks;
export type DependencyStatus = HealthChecks[DependencyName];

/** The dependencies, in the order GET /api/health reports them. */
export const ZDependencyName = ZHealthResponse.shape.checks.keyof();

/** How the admin console's System page names each dependency. */
export const DEPENDENCY_LABELS: Record<DependencyName, string> = {
  database: 'Database',
  liveEvents: 'Live events',
  disk: 'Data disk',
  storage: 'File store',
  redis: 'Redis',
};

/** What each state of each dependency means for the people using CaseBridge. */
export const DEPENDENCY_MESSAGES: { [Name in DependencyName]: Record<HealthChecks[Name], string> } =
  {
    database: {
      ok: 'Answers',
      unavailable: 'Does not answer: nothing can be read or saved',
    },
    liveEvents: {
      ok: 'Listening: open pages update live',
      down: 'Not listening: open pages show changes only when reloaded',
    },
    disk: {
      ok: 'Takes writes, with at least 64 MB free',
      full: 'Full, or less than 64 MB free: uploads and saves fail',
      unavailable: 'Takes no writes',
    },
    storage: {
      ok: 'Answers',
      unavailable: 'Does not answer: documents cannot be uploaded or read',
    },
    redis: {
      ok: 'Answers',
      down: 'Does not answer: requests pass the per-address limits',
      not_configured: 'Not configured: limits and stream slots are kept in the database',
    },
  };

/** What a dependency's state means (a state it cannot be in has no meaning: an empty text). */
export function describeDependency(name: DependencyName, status: DependencyStatus): string {
  return (DEPENDENCY_MESSAGES[name] as Partial<Record<DependencyStatus, string>>)[status] ?? '';
}
