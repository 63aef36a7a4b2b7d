import { z } from 'zod';
import { ORGANIZATION_KINDS } from '../roles.ts';
import { versionFields } from '../versioning/versioning.ts';

export const ZOrganization = z.object({
  id: z.uuid(),
  kind: z.enum(ORGANIZATION_KINDS),
  name: z.string(),
  slug: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  specialties: z.array(z.string()),
  practiceAreas: z.array(z.string()),
  lienholderType: z.string().nullable(),
  /** A clinic's treatment-gap threshold in days. */
  gapThresholdDays: z.number().int().optional(),
  ...versionFields,
});
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZListOrganizationsQuery = z.object({
  kind: z.enum(ORGANIZATION_KINDS).optional(),
  search: z.string().trim().max(200).optional(),
});

export const ZOrganizationList = z.object({ items: z.array(ZOrganization) });
