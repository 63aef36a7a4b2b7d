import type {
  TAccountSessionList,
  TEndedSessions,
} from '@casebridge/domain/sessions/session.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** The live `sessions.ended` event invalidates ['account-sessions'] (live-events.ts). */
export const accountSessionKeys = { all: ['account-sessions'] as const };

/** The signed-in user's sessions (GET /api/sessions). */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionKeys.all,
    queryFn: () => apiFetch<TAccountSessionList>('/sessions'),
  });
}

/** Ends one of the user's other sessions. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiFetch<void>(`/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}

/** 'Sign out everywhere else': every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TEndedSessions>('/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}
