import type {
  TListMailOutboxQuery,
  TMailOutboxDetail,
  TMailOutboxPage,
} from '@casebridge/domain/admin/system-tools.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
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
