import type {
  TMessagePage,
  TSendMessageRequest,
  TSendMessageResponse,
} from '@casebridge/domain/messages/message.schemas';
import { MESSAGE_PAGE_SIZE } from '@casebridge/domain/messages/message.schemas';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Keys start with ['messages', patientId]: live events about the patient invalidate them. */
export const messageKeys = {
  patient: (patientId: string) => ['messages', patientId] as const,
  thread: (patientId: string) => ['messages', patientId, 'thread'] as const,
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
