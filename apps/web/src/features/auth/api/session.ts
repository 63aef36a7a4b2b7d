import type { TLoginRequest, TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** Drops every cached query of the previous user and stores the new session (or null). */
export function replaceSession(queryClient: QueryClient, session: TSessionResponse | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
}

export const sessionQueryKey = ['session'] as const;

/** The signed-in session, or null when signed out. */
export async function getSession(): Promise<TSessionResponse | null> {
  try {
    return await apiFetch<TSessionResponse>('/auth/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: Infinity,
});

export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}

export function login(input: TLoginRequest): Promise<TSessionResponse> {
  return apiFetch<TSessionResponse>('/auth/login', { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}

export function logout(): Promise<void> {
  return apiFetch<void>('/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => replaceSession(queryClient, null),
  });
}
