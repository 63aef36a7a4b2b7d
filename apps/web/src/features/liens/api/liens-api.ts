import type {
  TAgingReport,
  TLienPayment,
  TLienPaymentList,
  TPatientLiens,
  TPortfolioPage,
  TPortfolioQuery,
  TRecordLienPaymentRequest,
} from '@casebridge/domain/liens/lien-ledger.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Every key starts with 'liens': the live 'lien.changed' and billing events refresh them all. */
export const liensKeys = {
  all: ['liens'] as const,
  patient: (patientId: string) => ['liens', 'patient', patientId] as const,
  payments: (patientId: string, lienholderId: string) =>
    ['liens', 'payments', patientId, lienholderId] as const,
  portfolio: (query: TPortfolioQuery) => ['liens', 'portfolio', query] as const,
  aging: () => ['liens', 'aging'] as const,
};

const lienPath = (patientId: string, lienholderId: string) =>
  `/patients/${encodeURIComponent(patientId)}/liens/${encodeURIComponent(lienholderId)}`;

/** The query string of a portfolio view: only the values set, so the URL stays short. */
export function toPortfolioSearch(query: TPortfolioQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function usePatientLiens(patientId: string) {
  return useQuery({
    queryKey: liensKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TPatientLiens>(`/patients/${encodeURIComponent(patientId)}/liens`),
  });
}

export function useLienPayments(patientId: string, lienholderId: string) {
  return useQuery({
    queryKey: liensKeys.payments(patientId, lienholderId),
    meta: { patientId },
    queryFn: async () =>
      (await apiFetch<TLienPaymentList>(`${lienPath(patientId, lienholderId)}/payments`)).items,
  });
}

export function useRecordLienPayment(patientId: string, lienholderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TRecordLienPaymentRequest) =>
      apiFetch<TLienPayment>(`${lienPath(patientId, lienholderId)}/payments`, {
        method: 'POST',
        body: input,
        idempotent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liensKeys.all }),
  });
}

export function useVoidLienPayment(patientId: string, lienholderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      apiFetch<TLienPayment>(
        `${lienPath(patientId, lienholderId)}/payments/${encodeURIComponent(paymentId)}/void`,
        { method: 'POST', body: { reason } },
      ),
    // Also after a refusal: a payment voided elsewhere means the list is behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: liensKeys.all }),
  });
}

/** One page of the portfolio; the previous page stays shown while the next loads (no flash). */
export function usePortfolio(query: TPortfolioQuery) {
  return useQuery({
    queryKey: liensKeys.portfolio(query),
    queryFn: () => apiFetch<TPortfolioPage>(`/liens/portfolio${toPortfolioSearch(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useAgingReport() {
  return useQuery({
    queryKey: liensKeys.aging(),
    queryFn: () => apiFetch<TAgingReport>('/liens/aging'),
  });
}

/** The whole portfolio as CSV, with the filters and order shown (no paging). */
export const getPortfolioCsvUrl = (query: TPortfolioQuery) => {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  return `/api/liens/portfolio.csv${toPortfolioSearch(filters)}`;
};
