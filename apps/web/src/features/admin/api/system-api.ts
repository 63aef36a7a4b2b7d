import type { TSystemOverview } from '@casebridge/domain/admin/system.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** As often as an instance refreshes its row: the page shows each heartbeat. */
export const SYSTEM_REFETCH_MS = 15_000;

/** GET /admin/system, read again every 15 s while the System tab is open. */
export function useSystemOverview() {
  return useQuery({
    queryKey: adminKeys.system(),
    queryFn: () => apiFetch<TSystemOverview>('/admin/system'),
    refetchInterval: SYSTEM_REFETCH_MS,
  });
}
