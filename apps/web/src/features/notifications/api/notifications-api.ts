import { NOTIFICATION_DROPDOWN_LIMIT } from '@casebridge/domain/constants';
import {
  NOTIFICATION_PAGE_SIZE,
  type TNotificationPage,
  type TNotificationPreferences,
  type TUpdateNotificationPreferencesRequest,
} from '@casebridge/domain/notifications/notification.schemas';
import type { TConfirmNotificationEmailResponse } from '@casebridge/domain/notifications/notification-email.schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Keys start with ['notifications']: live notification events invalidate them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  preview: () => ['notifications', 'preview'] as const,
  center: () => ['notifications', 'center'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

function getNotificationPage(limit: number, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<TNotificationPage>(`/notifications?${params.toString()}`);
}

/** The bell: the first 10 notifications and the unread count. */
export function useNotificationPreview() {
  return useQuery({
    queryKey: notificationKeys.preview(),
    queryFn: () => getNotificationPage(NOTIFICATION_DROPDOWN_LIMIT, null),
  });
}

/** The Notification Center's list, loaded a page at a time. */
export function useNotificationCenter() {
  return useInfiniteQuery({
    queryKey: notificationKeys.center(),
    queryFn: ({ pageParam }) => getNotificationPage(NOTIFICATION_PAGE_SIZE.default, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ marked: number }>('/notifications/read-all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => apiFetch<TNotificationPreferences>('/notifications/preferences'),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateNotificationPreferencesRequest) =>
      apiFetch<TNotificationPreferences>('/notifications/preferences', {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}

/** Resend (POST) or cancel (DELETE) the address change waiting for its confirmation link. */
export function useNotificationEmailChange(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<TNotificationPreferences>('/notifications/preferences/email-confirmation', {
        method,
      }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}

/** Opens a confirmation link; public, so it works on a device that is not signed in. */
export function useConfirmNotificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<TConfirmNotificationEmailResponse>('/notification-email-confirmations', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences() }),
  });
}
