import { and, asc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { TCreateOrganizationParsed } from '@casebridge/domain/organizations/organization-admin.schemas';
import { toOrganizationSlug } from '@casebridge/domain/organizations/organization-slug';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { organizations } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { nextVersion } from '#src/lib/versioning.ts';

type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganizationDto(row: OrganizationRow): TOrganization {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    address: row.address,
    phone: row.phone,
    email: row.email,
    description: row.description,
    specialties: row.specialties ?? [],
    practiceAreas: row.practiceAreas ?? [],
    lienholderType: row.lienholderType,
    gapThresholdDays: row.gapThresholdDays,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: row.updatedByName,
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

type OrganizationValues = Omit<TCreateOrganizationParsed, 'kind'>;

/** Kind-specific fields only apply to their own kind; the rest are stored empty. */
function toColumns(kind: OrganizationKind, input: OrganizationValues) {
  return {
    name: input.name,
    slug: toOrganizationSlug(input.name),
    address: input.address,
    phone: input.phone,
    email: input.email,
    description: input.description,
    specialties: kind === 'clinic' ? input.specialties : null,
    practiceAreas: kind === 'firm' ? input.practiceAreas : null,
    lienholderType: kind === 'lienholder' ? input.lienholderType : null,
    ...(kind === 'clinic' && input.gapThresholdDays !== undefined
      ? { gapThresholdDays: input.gapThresholdDays }
      : {}),
  };
}

export async function isOrganizationNameTaken(
  db: Db,
  kind: OrganizationKind,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.kind, kind),
        eq(organizations.slug, toOrganizationSlug(name)),
        exceptId ? ne(organizations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** An organisation, its row locked until the write's transaction ends (the version check). */
export async function lockOrganization(db: Db, id: string): Promise<TOrganization | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row ? toOrganizationDto(row) : null;
}

export async function insertOrganization(
  db: Db,
  input: TCreateOrganizationParsed,
): Promise<TOrganization> {
  const [row] = await db
    .insert(organizations)
    .values({ kind: input.kind, ...toColumns(input.kind, input) })
    .returning();
  if (!row) throw new Error('organization insert returned nothing');
  return toOrganizationDto(row);
}

/** Sets an admin's edit as the organisation's next version. */
export async function updateOrganization(
  db: Db,
  id: string,
  edit: { kind: OrganizationKind; values: OrganizationValues },
  actor: Pick<Actor, 'userId' | 'name'>,
): Promise<TOrganization | null> {
  const [row] = await db
    .update(organizations)
    .set({ ...toColumns(edit.kind, edit.values), ...nextVersion(organizations, actor) })
    .where(eq(organizations.id, id))
    .returning();
  return row ? toOrganizationDto(row) : null;
}
