import type {
  TSaveSettlementRequest,
  TSettlement,
} from '@casebridge/domain/settlements/settlement.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** 'settlement.changed' (the firm's users) makes ['settlements', patientId] stale. */
export const settlementKeys = {
  patient: (patientId: string) => ['settlements', patientId] as const,
};

const settlementPath = (patientId: string) =>
  `/patients/${encodeURIComponent(patientId)}/settlement`;

export function useSettlement(patientId: string) {
  return useQuery({
    queryKey: settlementKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TSettlement>(settlementPath(patientId)),
  });
}

/** Saves the draft; after the first save, from the version the attorney saw (If-Match). */
export function useSaveSettlement(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: TSaveSettlementRequest; ifMatch: number }) =>
      apiFetch<TSettlement>(settlementPath(patientId), {
        method: 'PUT',
        body,
        ...(ifMatch > 0 ? { ifMatch } : {}),
      }),
    onSuccess: (settlement) =>
      queryClient.setQueryData(settlementKeys.patient(patientId), settlement),
  });
}
