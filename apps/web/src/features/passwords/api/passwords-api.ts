import type {
  TChangePasswordRequest,
  TPasswordResetLinkAnswer,
  TPasswordResetLinkRequest,
  TResetPasswordRequest,
} from '@casebridge/domain/auth/password.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Security page, 'Change password'; the user's other sessions end, so their list changes. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TChangePasswordRequest) =>
      apiFetch<void>('/account/password', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account-sessions'] }),
  });
}

/** 'Forgot password?': the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: TPasswordResetLinkRequest) =>
      apiFetch<TPasswordResetLinkAnswer>('/auth/password-reset/request', {
        method: 'POST',
        body: input,
      }),
  });
}

/** The reset page: the token from the link travels in the body, never in a logged URL. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: TResetPasswordRequest) =>
      apiFetch<void>('/auth/password-reset', { method: 'POST', body: input }),
  });
}
