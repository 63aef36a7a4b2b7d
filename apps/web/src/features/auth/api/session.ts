import type { TLoginRequest, TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { replaceSession } from '#src/lib/session.ts';

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
    onSuccess: () => replaceSession(queryClient, null, { isSignOut: true }),
  });
}
