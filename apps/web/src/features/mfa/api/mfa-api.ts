import type {
  TMfaStatus,
  TRecoveryCodes,
  TTotpEnrolment,
} from '@casebridge/domain/mfa/mfa.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '#src/lib/api-client.ts';
import { getSession, sessionQueryKey } from '#src/lib/session.ts';

export const mfaKeys = { status: ['mfa', 'status'] as const };

/** Two-step verification of the signed-in user: on or off, required, recovery codes left. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaKeys.status, queryFn: () => apiFetch<TMfaStatus>('/mfa') });
}

const postCode =
  <T>(path: string) =>
  (code: string) =>
    apiFetch<T>(path, { method: 'POST', body: { code } });

/** Reads the session again: it tells whether this session may now open the app. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => queryClient.setQueryData(sessionQueryKey, await getSession());
}

/** The second step of signing in: a code from the app or a recovery code. */
export function useVerifySecondFactor() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: postCode<void>('/mfa/verify'),
    onSuccess: refreshSession,
    // Verified meanwhile in another tab (409): this tab learns it from the session.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') void refreshSession();
    },
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => apiFetch<TTotpEnrolment>('/mfa/totp/start', { method: 'POST' }),
  });
}

/** The first code from the app turns two-step verification on; answers the recovery codes. */
export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCode<TRecoveryCodes>('/mfa/totp/confirm'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

/** Reads the session again once the new codes are saved: enrolment may have been required. */
export const useFinishEnrolment = useRefreshSession;

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCode<TRecoveryCodes>('/mfa/recovery-codes'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCode<void>('/mfa/disable'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}
