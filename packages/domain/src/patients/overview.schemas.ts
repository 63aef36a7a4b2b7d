import { z } from 'zod';
import { ZPatientStats } from './patient.schemas.ts';

/** Admin Overview: real counts (docs/architecture.md D2: Total Users is the real number of users). */
export const ZAdminOverview = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  organizations: z.object({
    clinics: z.number().int(),
    firms: z.number().int(),
    lienholders: z.number().int(),
  }),
  patients: ZPatientStats,
  pendingAccessRequests: z.number().int(),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;
