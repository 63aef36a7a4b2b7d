import type {
  THealthCheckReport,
  TSeedDemoResult,
  TSystemToolsStatus,
} from '@casebridge/domain/admin/system-tools.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export function useSystemToolsStatus() {
  return useQuery({
    queryKey: adminKeys.tools(),
    queryFn: () => apiFetch<TSystemToolsStatus>('/admin/tools'),
    staleTime: Infinity,
  });
}

export function useRunHealthChecks() {
  return useMutation({
    mutationFn: () => apiFetch<THealthCheckReport>('/admin/health-checks', { method: 'POST' }),
  });
}

export function useLoadDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TSeedDemoResult>('/admin/demo-data', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
