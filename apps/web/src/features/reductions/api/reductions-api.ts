import type {
  TReductionAnswerRequest,
  TReductionHistory,
  TReductionOfferRequest,
} from '@casebridge/domain/liens/reduction.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Under ['liens']: the live 'lien.changed' event makes every lien view stale at once. */
export const reductionKeys = {
  lien: (patientId: string, lienholderId: string) =>
    ['liens', 'reductions', patientId, lienholderId] as const,
};

const lienPath = (patientId: string, lienholderId: string) =>
  `/patients/${encodeURIComponent(patientId)}/liens/${encodeURIComponent(lienholderId)}/reductions`;

export function useReductions(patientId: string, lienholderId: string) {
  return useQuery({
    queryKey: reductionKeys.lien(patientId, lienholderId),
    meta: { patientId },
    queryFn: () => apiFetch<TReductionHistory>(lienPath(patientId, lienholderId)),
  });
}

export type ReductionStepInput =
  | { step: 'propose'; body: TReductionOfferRequest }
  | { step: 'counter'; offerId: string; body: TReductionOfferRequest }
  | { step: 'accept' | 'reject' | 'withdraw'; offerId: string; body: TReductionAnswerRequest };

/** One step of the negotiation; the answer is the lien's history as it now is. */
export function useReductionStep(patientId: string, lienholderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReductionStepInput) =>
      apiFetch<TReductionHistory>(
        input.step === 'propose'
          ? lienPath(patientId, lienholderId)
          : `${lienPath(patientId, lienholderId)}/${encodeURIComponent(input.offerId)}/${input.step}`,
        { method: 'POST', body: input.body },
      ),
    onSuccess: (history) => {
      const own = reductionKeys.lien(patientId, lienholderId);
      queryClient.setQueryData(own, history);
      // Balances, the portfolio and the settlement's liens follow; the answer already is this
      // lien's history, so it is not read (and audited) again.
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['liens'],
          predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(own),
        }),
        queryClient.invalidateQueries({ queryKey: ['settlements', patientId] }),
      ]);
    },
    // Refused: someone may have answered first, so read the lien as it now is.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: reductionKeys.lien(patientId, lienholderId) }),
  });
}
