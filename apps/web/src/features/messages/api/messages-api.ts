import type { THistoryEntry } from '@casebridge/domain/history/record-history.schemas';
import type {
  TMessage,
  TMessagePage,
  TSendMessageRequest,
  TSendMessageResponse,
} from '@casebridge/domain/messages/message.schemas';
import { MESSAGE_PAGE_SIZE } from '@casebridge/domain/messages/message.schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Keys start with ['messages', patientId]: live events about the patient invalidate them. */
export const messageKeys = {
  patient: (patientId: string) => ['messages', patientId] as const,
  thread: (patientId: string) => ['messages', patientId, 'thread'] as const,
  history: (patientId: string, messageId: string) =>
    ['messages', patientId, 'history', messageId] as const,
};

const threadPath = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/messages`;

export function getMessagePage(patientId: string, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE.default) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<TMessagePage>(`${threadPath(patientId)}?${params.toString()}`);
}

/** The thread, newest page first; each page is newest first (long threads load on demand). */
export function useMessageThread(patientId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(patientId),
    meta: { patientId },
    queryFn: ({ pageParam }) => getMessagePage(patientId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useSendMessage(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSendMessageRequest) =>
      apiFetch<TSendMessageResponse>(threadPath(patientId), {
        method: 'POST',
        body: input,
        idempotent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.patient(patientId) }),
  });
}

export function useMarkMessagesRead(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageIds: string[]) =>
      apiFetch<{ marked: number }>(`${threadPath(patientId)}/read`, {
        method: 'POST',
        body: { messageIds },
      }),
    onSuccess: ({ marked }) => {
      if (marked > 0)
        void queryClient.invalidateQueries({ queryKey: messageKeys.patient(patientId) });
    },
  });
}

const messagePath = (message: Pick<TMessage, 'patientId' | 'id'>) =>
  `${threadPath(message.patientId)}/${encodeURIComponent(message.id)}`;

/** The sender's correction of a message, made from the version they saw (`If-Match`). */
function useMessageCorrection<TBody>(patientId: string, suffix: string, method: 'PATCH' | 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, body }: { message: TMessage; body: TBody }) =>
      apiFetch<TMessage>(`${messagePath(message)}${suffix}`, {
        method,
        body,
        ifMatch: message.version,
      }),
    // Also after a refusal: a 409 means the thread is behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.patient(patientId) }),
  });
}

/** Edit my message's text (within MESSAGE_EDIT_WINDOW_MINUTES). */
export const useEditMessage = (patientId: string) =>
  useMessageCorrection<{ body: string }>(patientId, '', 'PATCH');

/** Retract my message. */
export const useRetractMessage = (patientId: string) =>
  useMessageCorrection<Record<string, never>>(patientId, '/retract', 'POST');

/** A message's edits and retraction, for admins. */
export function useMessageHistory(message: TMessage) {
  return useQuery({
    queryKey: messageKeys.history(message.patientId, message.id),
    meta: { patientId: message.patientId },
    queryFn: () => apiFetch<{ items: THistoryEntry[] }>(`${messagePath(message)}/history`),
  });
}
