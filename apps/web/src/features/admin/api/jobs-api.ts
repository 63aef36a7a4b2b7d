import type {
  TJobsOverview,
  TResumedJobQueue,
  TRetriedJob,
} from '@casebridge/domain/admin/jobs.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** Jobs publish no live event, so an open panel polls; React Query stops when it unmounts. */
const JOBS_REFETCH_MS = 10_000;

export function useJobsOverview() {
  return useQuery({
    queryKey: adminKeys.jobs(),
    queryFn: () => apiFetch<TJobsOverview>('/admin/jobs'),
    refetchInterval: JOBS_REFETCH_MS,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<TRetriedJob>(`/admin/jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}

export function useResumeJobQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<TResumedJobQueue>(`/admin/jobs/queues/${encodeURIComponent(name)}/resume`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}
