import type {
  TBillingEntry,
  TBillingHistory,
  TBillingSummary,
  TCreateBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

export const billingKeys = {
  all: ['billing'] as const,
  history: (patientId: string) => ['billing', 'history', patientId] as const,
  summary: () => ['billing', 'summary'] as const,
};

export function useBillingHistory(patientId: string) {
  return useQuery({
    queryKey: billingKeys.history(patientId),
    queryFn: () => apiFetch<TBillingHistory>(`/patients/${encodeURIComponent(patientId)}/billing`),
  });
}

/** The Lienholder Dashboard's total and recent lines; a live billing event refreshes it. */
export function useBillingSummary() {
  return useQuery({
    queryKey: billingKeys.summary(),
    queryFn: () => apiFetch<TBillingSummary>('/billing/summary'),
  });
}

export function useCreateBillingEntry(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateBillingEntryRequest) =>
      apiFetch<TBillingEntry>(`/patients/${encodeURIComponent(patientId)}/billing`, {
        method: 'POST',
        body: input,
        idempotent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

export const getBillingCsvUrl = (patientId: string) =>
  `/api/patients/${encodeURIComponent(patientId)}/billing.csv`;
