import type {
  TApiToken,
  TApiTokenPage,
  TCreateApiTokenRequest,
  TCreateApiTokenResult,
  TListApiTokensQuery,
} from '@casebridge/domain/api-tokens/api-token.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { toQueryString } from '#src/lib/query-string.ts';

/** Under 'admin': the user.changed event a create or revoke publishes refetches these. */
export const apiTokenKeys = {
  all: () => ['admin', 'api-tokens'] as const,
  list: (query: TListApiTokensQuery) => ['admin', 'api-tokens', query] as const,
};

export function useApiTokens(query: TListApiTokensQuery) {
  return useQuery({
    queryKey: apiTokenKeys.list(query),
    queryFn: () => apiFetch<TApiTokenPage>(`/admin/api-tokens${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** Every organisation, of every kind, for the token form's picker (ordered by name). */
export function useAllOrganizations() {
  return useQuery({
    queryKey: ['organizations', 'options', 'all'],
    queryFn: async () => (await apiFetch<{ items: TOrganization[] }>('/organizations')).items,
    staleTime: 5 * 60_000,
  });
}

function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all() });
}

export function useCreateApiToken() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (body: TCreateApiTokenRequest) =>
      apiFetch<TCreateApiTokenResult>('/admin/api-tokens', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useRevokeApiToken() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TApiToken>(`/admin/api-tokens/${id}/revoke`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
