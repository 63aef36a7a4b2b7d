import type {
  AccessRequestStatus,
  TAccessRequestList,
  TApproveAccessRequest,
} from '@casebridge/domain/access-requests/access-request-review.schemas';
import type { TAdminUser } from '@casebridge/domain/users/user.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export function useAccessRequests(status: AccessRequestStatus) {
  return useQuery({
    queryKey: adminKeys.accessRequests(status),
    queryFn: () => apiFetch<TAccessRequestList>(`/access-requests?status=${status}`),
  });
}

export function useApproveAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: TApproveAccessRequest & { id: string }) =>
      apiFetch<TAdminUser>(`/access-requests/${id}/approve`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useRejectAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/access-requests/${id}/reject`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
