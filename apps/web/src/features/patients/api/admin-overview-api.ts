import type { TAdminOverview } from '@casebridge/domain/patients/overview.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Under ['patients', …] so patient changes refresh it; user changes refresh ['admin'] too. */
export function useAdminOverview() {
  return useQuery({
    queryKey: ['patients', 'admin-overview'],
    queryFn: () => apiFetch<TAdminOverview>('/admin/overview'),
  });
}
