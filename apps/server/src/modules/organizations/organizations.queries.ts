import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganizationDto(row: OrganizationRow): TOrganization {
  return {
    id: row.id,
    kind: row.kind as OrganizationKind,
    name: row.name,
    slug: row.slug,
    address: row.address,
    phone: row.phone,
    email: row.email,
    description: row.description,
    specialties: row.specialties ?? [],
    practiceAreas: row.practiceAreas ?? [],
    lienholderType: row.lienholderType,
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The directory is shared reference data: every signed-in user may read it. */
export async function listOrganizations(
  db: Db,
  filter: { kind?: OrganizationKind | undefined; search?: string | undefined },
): Promise<TOrganization[]> {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(organizations.kind, filter.kind));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(
      or(
        ilike(organizations.name, pattern),
        ilike(organizations.email, pattern),
        ilike(organizations.description, pattern),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(organizations)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(organizations.name));
  return rows.map(toOrganizationDto);
}
