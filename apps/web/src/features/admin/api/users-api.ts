import type {
  TAdminUser,
  TCreateUserRequest,
  TListUsersQuery,
  TUpdateUserRequest,
  TUserPage,
} from '@casebridge/domain/users/user.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys, toQueryString } from './admin-keys.ts';

export function useUsers(query: TListUsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: () => apiFetch<TUserPage>(`/users${toQueryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

function useAdminMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCreateUser() {
  return useAdminMutation((input: TCreateUserRequest) =>
    apiFetch<TAdminUser>('/users', { method: 'POST', body: input, idempotent: true }),
  );
}

export function useUpdateUser() {
  return useAdminMutation(({ id, ...input }: TUpdateUserRequest & { id: string }) =>
    apiFetch<TAdminUser>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  );
}

export function useResendInvitation() {
  return useAdminMutation((id: string) =>
    apiFetch<void>(`/users/${encodeURIComponent(id)}/invitation`, { method: 'POST' }),
  );
}
