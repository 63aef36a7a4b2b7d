import type {
  TCaseFacts,
  TSaveCaseFactsRequest,
} from '@casebridge/domain/case-facts/case-facts.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/**
 * 'case-facts.changed' makes ['case-facts', patientId] stale, and so do the billing events: the
 * specials against the limits follow the billing lines.
 */
export const caseFactsKeys = {
  patient: (patientId: string) => ['case-facts', patientId] as const,
};

const caseFactsPath = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/case`;

export function useCaseFacts(patientId: string) {
  return useQuery({
    queryKey: caseFactsKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TCaseFacts>(caseFactsPath(patientId)),
  });
}

/** Saves the case facts; after the first save, from the version the user saw (If-Match). */
export function useSaveCaseFacts(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: TSaveCaseFactsRequest; ifMatch: number }) =>
      apiFetch<TCaseFacts>(caseFactsPath(patientId), {
        method: 'PUT',
        body,
        ...(ifMatch > 0 ? { ifMatch } : {}),
      }),
    onSuccess: (saved) => queryClient.setQueryData(caseFactsKeys.patient(patientId), saved),
  });
}
