import type {
  TAdminUser,
  TCreateUserRequest,
  TListUsersQuery,
  TUpdateUserRequest,
  TUserPage,
} from '@casebridge/domain/users/user.schemas';
import type { TEndedSessions } from '@casebridge/domain/sessions/session.schemas';
import type { TPasswordResetLinkAnswer } from '@casebridge/domain/auth/password.schemas';
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
    // Also after a refused change: one refused as stale means the list is behind the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCreateUser() {
  return useAdminMutation((input: TCreateUserRequest) =>
    apiFetch<TAdminUser>('/users', { method: 'POST', body: input, idempotent: true }),
  );
}

/** A change of a user, made from the version the admin saw (sent as If-Match). */
export function useUpdateUser() {
  return useAdminMutation(
    ({ id, ifMatch, ...input }: TUpdateUserRequest & { id: string; ifMatch: number }) =>
      apiFetch<TAdminUser>(`/users/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
        ifMatch,
      }),
  );
}

export function useResendInvitation() {
  return useAdminMutation((id: string) =>
    // The user, with where the new invitation e-mail stands.
    apiFetch<TAdminUser>(`/users/${encodeURIComponent(id)}/invitation`, { method: 'POST' }),
  );
}

/** Signs a user out everywhere: every session of theirs ends, with their live streams. */
export function useEndUserSessions() {
  return useAdminMutation((id: string) =>
    apiFetch<TEndedSessions>(`/users/${encodeURIComponent(id)}/sessions/end`, { method: 'POST' }),
  );
}

/** Removes the user's two-step verification (lost phone and codes); their sessions end. */
export function useResetSecondFactor() {
  return useAdminMutation((id: string) =>
    apiFetch<void>(`/users/${encodeURIComponent(id)}/mfa/reset`, { method: 'POST' }),
  );
}

/** E-mails the user a password reset link; the admin never sees the link or the password. */
export function useSendPasswordResetLink() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TPasswordResetLinkAnswer>(`/users/${encodeURIComponent(id)}/password-reset`, {
        method: 'POST',
      }),
  });
}
