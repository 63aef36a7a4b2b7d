import { z } from 'zod';

/**
 * GET /api/health. `ok` answers 200; anything else answers 503 so a load balancer takes the
 * instance out: `degraded` when it serves requests but live updates have stopped (its LISTEN
 * connection is down), `unavailable` when the database or the data disk fails.
 */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.object({
    database: z.enum(['ok', 'unavailable']),
    liveEvents: z.enum(['ok', 'down']),
    disk: z.enum(['ok', 'full', 'unavailable']),
  }),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
