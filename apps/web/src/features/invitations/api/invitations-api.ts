import type {
  TAcceptInvitationRequest,
  TInvitationInfo,
} from '@casebridge/domain/users/user.schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Who the link is for. The token goes in a POST body, never into a logged URL. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiFetch<TInvitationInfo>('/invitations/lookup', { method: 'POST', body: { token } }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: TAcceptInvitationRequest) =>
      apiFetch<void>('/invitations/accept', { method: 'POST', body: input }),
  });
}
