import type {
  ReferralBox,
  TAcceptReferralResponse,
  TCreateReferralRequest,
  TReferOnRequest,
  TReferral,
  TReferralPage,
} from '@casebridge/domain/referrals/referral.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** 'referral.changed' makes ['referrals'] stale (lib/live-event-keys.ts): both boxes refetch. */
export const referralKeys = {
  all: ['referrals'] as const,
  box: (box: ReferralBox) => ['referrals', box] as const,
};

/** The first page of a box (the queue's pending come first; a page holds up to 100). */
export function useReferrals(box: ReferralBox) {
  return useQuery({
    queryKey: referralKeys.box(box),
    queryFn: () => apiFetch<TReferralPage>(`/referrals?box=${box}&limit=100`),
  });
}

/**
 * The directory a referral's clinic is chosen from, under the directory's own cache key (one
 * fetch for both, and 'organization.changed' refreshes it).
 */
export function useReferralClinics() {
  return useQuery({
    queryKey: ['organizations', 'directory'],
    queryFn: async () => (await apiFetch<{ items: TOrganization[] }>('/organizations')).items,
  });
}

function useReferralMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // After a refused answer too: a 409 means the list is behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

export function useCreateReferral() {
  return useReferralMutation((body: TCreateReferralRequest) =>
    apiFetch<TReferral>('/referrals', { method: 'POST', body }),
  );
}

export function useReferOn(patientId: string) {
  return useReferralMutation((body: TReferOnRequest) =>
    apiFetch<TReferral>(`/patients/${encodeURIComponent(patientId)}/referrals`, {
      method: 'POST',
      body,
    }),
  );
}

const answerPath = (referral: TReferral, action: string) =>
  `/referrals/${encodeURIComponent(referral.id)}/${action}`;

export function useAcceptReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      referral,
      attachToPatientId,
    }: {
      referral: TReferral;
      attachToPatientId?: string;
    }) =>
      apiFetch<TAcceptReferralResponse>(answerPath(referral, 'accept'), {
        method: 'POST',
        body: attachToPatientId ? { attachToPatientId } : {},
        ifMatch: referral.version,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['patients'] }),
      ]),
  });
}

export function useDeclineReferral() {
  return useReferralMutation(({ referral, reason }: { referral: TReferral; reason: string }) =>
    apiFetch<TReferral>(answerPath(referral, 'decline'), {
      method: 'POST',
      body: { reason },
      ifMatch: referral.version,
    }),
  );
}

export function useWithdrawReferral() {
  return useReferralMutation((referral: TReferral) =>
    apiFetch<TReferral>(answerPath(referral, 'withdraw'), {
      method: 'POST',
      body: {},
      ifMatch: referral.version,
    }),
  );
}
