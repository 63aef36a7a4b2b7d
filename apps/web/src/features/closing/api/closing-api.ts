import type {
  TClosing,
  TConfirmPayoffRequest,
  TPayoffInbox,
  TProposePayoffRequest,
  TRecordSettlementRequest,
} from '@casebridge/domain/closing/closing.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** 'closing.changed' makes every key starting with ['closing'] stale (live-event-keys.ts). */
export const closingKeys = {
  patient: (patientId: string) => ['closing', patientId] as const,
  inbox: () => ['closing', 'inbox'] as const,
};

const patientPath = (patientId: string) => `/patients/${encodeURIComponent(patientId)}`;
const payoffPath = (patientId: string, lienholderId: string, suffix = '') =>
  `${patientPath(patientId)}/liens/${encodeURIComponent(lienholderId)}/payoffs${suffix}`;

/** The statement's download address (a same-origin GET the browser saves). */
export const statementPdfUrl = (patientId: string) =>
  `/api${patientPath(patientId)}/disbursement-statement.pdf`;

export function useClosing(patientId: string) {
  return useQuery({
    queryKey: closingKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TClosing>(`${patientPath(patientId)}/closing`),
  });
}

export function usePayoffInbox() {
  return useQuery({
    queryKey: closingKeys.inbox(),
    queryFn: () => apiFetch<TPayoffInbox>('/payoffs/inbox'),
  });
}

/** A write that answers the closing as it now is: the cache takes it at once. */
function useClosingWrite<TInput>(patientId: string, write: (input: TInput) => Promise<TClosing>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (closing) => {
      queryClient.setQueryData(closingKeys.patient(patientId), closing);
      void queryClient.invalidateQueries({ queryKey: ['liens'] });
      void queryClient.invalidateQueries({ queryKey: closingKeys.inbox() });
    },
  });
}

export function useRecordSettlement(patientId: string) {
  return useClosingWrite(
    patientId,
    ({ body, ifMatch }: { body: TRecordSettlementRequest; ifMatch: number }) =>
      apiFetch<TClosing>(`${patientPath(patientId)}/closing/settlement`, {
        method: 'PUT',
        body,
        ...(ifMatch > 0 ? { ifMatch } : {}),
      }),
  );
}

export function useProposePayoff(patientId: string) {
  return useClosingWrite(
    patientId,
    ({ lienholderId, body }: { lienholderId: string; body: TProposePayoffRequest }) =>
      apiFetch<TClosing>(payoffPath(patientId, lienholderId), { method: 'POST', body }),
  );
}

export type PayoffAnswer =
  | { step: 'confirm'; body: TConfirmPayoffRequest }
  | { step: 'dispute'; body: { reason: string } }
  | { step: 'withdraw'; body: Record<string, never> };

export function useAnswerPayoff(patientId: string) {
  return useClosingWrite(
    patientId,
    ({
      lienholderId,
      payoffId,
      answer,
    }: {
      lienholderId: string;
      payoffId: string;
      answer: PayoffAnswer;
    }) =>
      apiFetch<TClosing>(
        payoffPath(patientId, lienholderId, `/${encodeURIComponent(payoffId)}/${answer.step}`),
        {
          method: 'POST',
          body: answer.body,
        },
      ),
  );
}

export function useAdvanceClosing(patientId: string) {
  return useClosingWrite(
    patientId,
    (
      input:
        | { step: 'disburse'; disbursedOn: string; version: number }
        | { step: 'close'; version: number },
    ) =>
      apiFetch<TClosing>(`${patientPath(patientId)}/closing/${input.step}`, {
        method: 'POST',
        body:
          input.step === 'disburse'
            ? { disbursedOn: input.disbursedOn, version: input.version }
            : { version: input.version },
      }),
  );
}

export function useMarkBillFinal(patientId: string) {
  return useClosingWrite(patientId, () =>
    apiFetch<TClosing>(`${patientPath(patientId)}/bill-final`, { method: 'PUT' }),
  );
}
