import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
