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
