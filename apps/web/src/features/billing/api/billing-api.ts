import type {
  TBillingEntry,
  TBillingHistory,
  TBillingSummary,
  TCreateBillingEntryRequest,
  TEditBillingEntryRequest,
} from '@casebridge/domain/billing/billing.schemas';
import type { THistoryEntry } from '@casebridge/domain/history/record-history.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { fetchAllPages } from '#src/lib/fetch-all-pages.ts';

export const billingKeys = {
  all: ['billing'] as const,
  history: (patientId: string) => ['billing', 'history', patientId] as const,
  summary: () => ['billing', 'summary'] as const,
  /** Under ['billing'], so the live event of an edit or a void refreshes an open history too. */
  entryHistory: (patientId: string, entryId: string) =>
    ['billing', 'entry-history', patientId, entryId] as const,
};

const entryPath = (patientId: string, entryId: string) =>
  `/patients/${encodeURIComponent(patientId)}/billing/${encodeURIComponent(entryId)}`;

export function useBillingHistory(patientId: string) {
  return useQuery({
    queryKey: billingKeys.history(patientId),
    meta: { patientId },
    queryFn: () =>
      fetchAllPages<TBillingHistory>(`/patients/${encodeURIComponent(patientId)}/billing`),
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

/** A line's corrections, oldest first: who, when, the values before and after, the reason. */
export function useBillingEntryHistory(patientId: string, entryId: string) {
  return useQuery({
    queryKey: billingKeys.entryHistory(patientId, entryId),
    meta: { patientId },
    queryFn: async () =>
      (await apiFetch<{ items: THistoryEntry[] }>(`${entryPath(patientId, entryId)}/history`))
        .items,
  });
}

/** A correction of a line, made from the version the user saw (sent as If-Match). */
type BillingCorrection<T> = { entryId: string; ifMatch: number; body: T };

function useBillingCorrection<TInput extends object>(
  patientId: string,
  send: (path: string, body: TInput, ifMatch: number) => Promise<TBillingEntry>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ifMatch, body }: BillingCorrection<TInput>) =>
      send(entryPath(patientId, entryId), body, ifMatch),
    // Also after a refused write: a stale one means the list is behind the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** Edit a line: code, sessions, amount, date and the reason. */
export function useEditBillingEntry(patientId: string) {
  return useBillingCorrection<TEditBillingEntryRequest>(patientId, (path, body, ifMatch) =>
    apiFetch<TBillingEntry>(path, { method: 'PATCH', body, ifMatch }),
  );
}

/** Void a line with its reason. */
export function useVoidBillingEntry(patientId: string) {
  return useBillingCorrection<{ reason: string }>(patientId, (path, body, ifMatch) =>
    apiFetch<TBillingEntry>(`${path}/void`, { method: 'POST', body, ifMatch }),
  );
}

export const getBillingCsvUrl = (patientId: string) =>
  `/api/patients/${encodeURIComponent(patientId)}/billing.csv`;
