import type {
  TListMailOutboxQuery,
  TMailOutboxDetail,
  TMailOutboxItem,
  TMailOutboxPage,
  TRetryFailedMailResult,
} from '@casebridge/domain/admin/system-tools.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys, toQueryString } from './admin-keys.ts';

export function useMailOutbox(query: TListMailOutboxQuery) {
  return useQuery({
    queryKey: adminKeys.mail(query),
    queryFn: () => apiFetch<TMailOutboxPage>(`/admin/mail-outbox${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useMail(id: string) {
  return useQuery({
    queryKey: adminKeys.mailDetail(id),
    queryFn: () => apiFetch<TMailOutboxDetail>(`/admin/mail-outbox/${id}`),
  });
}

/** A retry changes the list, its filters' counts and the open detail: refetch all mail keys. */
function useInvalidateMail() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.allMail() });
}

export function useRetryMail() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TMailOutboxItem>(`/admin/mail-outbox/${id}/retry`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useRetryAllFailedMail() {
  const invalidate = useInvalidateMail();
  return useMutation({
    mutationFn: () =>
      apiFetch<TRetryFailedMailResult>('/admin/mail-outbox/retry-failed', { method: 'POST' }),
    onSuccess: invalidate,
  });
}
