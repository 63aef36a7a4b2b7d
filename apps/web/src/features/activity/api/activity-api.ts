import {
  ACTIVITY_PAGE_SIZE,
  type TActivityPage,
} from '@casebridge/domain/activity/activity.schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/**
 * Keys start with ['activity', patientId]: the live events of the patient's changes (status,
 * messages, documents, billing, requests, gaps, liens) invalidate them.
 */
export const activityKeys = {
  feed: (patientId: string) => ['activity', patientId, 'feed'] as const,
};

function getActivityPage(patientId: string, cursor: string | null) {
  const params = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE.default) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<TActivityPage>(
    `/patients/${encodeURIComponent(patientId)}/activity?${params.toString()}`,
  );
}

/** The patient's feed, newest first; older pages load on demand ('Load more'). */
export function useActivityFeed(patientId: string) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(patientId),
    meta: { patientId },
    queryFn: ({ pageParam }) => getActivityPage(patientId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
