import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';

/** Spec: 'Search directory...' filters case-insensitively by name, e-mail or description. */
export function filterOrganizations(
  items: readonly TOrganization[],
  search: string,
): TOrganization[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) =>
    [item.name, item.email, item.description].some((value) =>
      value?.toLowerCase().includes(needle),
    ),
  );
}

export function groupByKind(
  items: readonly TOrganization[],
): Record<OrganizationKind, TOrganization[]> {
  return {
    clinic: items.filter((item) => item.kind === 'clinic'),
    firm: items.filter((item) => item.kind === 'firm'),
    lienholder: items.filter((item) => item.kind === 'lienholder'),
  };
}
