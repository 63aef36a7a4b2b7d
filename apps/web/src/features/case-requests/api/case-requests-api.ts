import type { TDocumentList } from '@casebridge/domain/documents/document.schemas';
import type {
  TCaseRequest,
  TCaseRequestPage,
  TCreateCaseRequest,
} from '@casebridge/domain/requests/case-request.schemas';
import {
  CASE_REQUEST_TEXTS,
  type CaseRequestStatusFilter,
} from '@casebridge/domain/requests/case-request-texts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiFetch } from '#src/lib/api-client.ts';
import { fetchAllPages } from '#src/lib/fetch-all-pages.ts';
import { toastAnswerError } from '#src/features/case-requests/utils/answer-errors.ts';

/**
 * Every key starts with 'case-requests': the live event `case-request.changed` makes them all
 * stale (domain live-events.ts), so the queue and the patient's section follow every change.
 */
export const caseRequestKeys = {
  all: ['case-requests'] as const,
  queue: (filter: RequestQueueFilter) => ['case-requests', 'queue', filter] as const,
  patient: (patientId: string) => ['case-requests', 'patient', patientId] as const,
  documents: (patientId: string) => ['case-requests', 'documents', patientId] as const,
};

export type RequestQueueFilter = {
  status: CaseRequestStatusFilter;
  overdue: boolean;
  search: string;
  cursor: string | undefined;
};

function toQueryString(filter: Partial<RequestQueueFilter>): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.overdue) params.set('overdue', 'true');
  if (filter.search) params.set('search', filter.search);
  if (filter.cursor) params.set('cursor', filter.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The 'Outstanding requests' queue: the user's party's requests across patients. */
export function useRequestQueue(filter: RequestQueueFilter) {
  return useQuery({
    queryKey: caseRequestKeys.queue(filter),
    queryFn: () => apiFetch<TCaseRequestPage>(`/requests${toQueryString(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * The patient's requests the user is a party to, open first (all statuses); not asked for by a
 * user without `requests:read` (a patient's contact).
 */
export function usePatientRequests(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: caseRequestKeys.patient(patientId),
    meta: { patientId },
    enabled,
    queryFn: () =>
      apiFetch<TCaseRequestPage>(
        `/patients/${encodeURIComponent(patientId)}/requests?status=all&limit=50`,
      ),
  });
}

/** The patient's documents the clinic may link to a fulfilment; read while the dialog is open. */
export function usePatientDocumentsForRequest(patientId: string) {
  return useQuery({
    queryKey: caseRequestKeys.documents(patientId),
    meta: { patientId },
    queryFn: () =>
      fetchAllPages<TDocumentList>(`/patients/${encodeURIComponent(patientId)}/documents`).then(
        (list) => list.items,
      ),
  });
}

/** Refetches the lists without waiting: the caller's own callbacks run at once. */
function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: caseRequestKeys.all });
}

const ANSWER_TOASTS = {
  acknowledge: CASE_REQUEST_TEXTS.acknowledged,
  fulfil: CASE_REQUEST_TEXTS.fulfilled,
  decline: CASE_REQUEST_TEXTS.declined,
} as const;

export function useCreateRequest(patientId: string) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (body: TCreateCaseRequest) =>
      apiFetch<TCaseRequest>(`/patients/${encodeURIComponent(patientId)}/requests`, {
        method: 'POST',
        body,
        idempotent: true,
      }),
    onSettled: invalidate,
  });
}

export type RequestAnswer =
  | { action: 'acknowledge' }
  | { action: 'fulfil'; documentIds: string[] }
  | { action: 'decline'; reason: string };

/**
 * The clinic's answers, each made from the version the row shows. The toasts are the hook's: an
 * answer can move the request out of the list shown (the queue of open requests), and the
 * component that asked is then gone before its own callbacks would run.
 */
export function useAnswerRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ request, answer }: { request: TCaseRequest; answer: RequestAnswer }) => {
      const { action, ...body } = answer;
      return apiFetch<TCaseRequest>(`/requests/${encodeURIComponent(request.id)}/${action}`, {
        method: 'POST',
        body,
        ifMatch: request.version,
      });
    },
    onSuccess: (_answer, { answer }) => toast.success(ANSWER_TOASTS[answer.action]),
    onError: toastAnswerError,
    onSettled: invalidate,
  });
}
