import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/** Organisations of one kind for pickers (assign clinics, firm, lienholders), ordered by name. */
export function useOrganizationOptions(kind: OrganizationKind) {
  return useQuery({
    queryKey: ['organizations', 'options', kind],
    queryFn: async () =>
      (await apiFetch<{ items: TOrganization[] }>(`/organizations?kind=${kind}`)).items,
    staleTime: 5 * 60_000,
  });
}
