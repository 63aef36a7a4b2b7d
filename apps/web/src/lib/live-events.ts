import { parseLiveEvent } from '@casebridge/domain/events/live-events';
import type { Query, QueryClient } from '@tanstack/react-query';
import { getStaleQueryKeys } from './live-event-keys.ts';
import { ownWriteAnswered } from './write-origin.ts';

/**
 * Marks stale whatever the change in a stream frame affects: the frame is checked by the domain's
 * live-event contract (packages/domain/src/events/live-events.ts), and its topic mapped to the
 * web's query keys (live-event-keys.ts). A frame that does not match the contract, or a
 * topic this build does not know, changes nothing. An event of this tab's own write waits for the
 * write's answer to be handled, and then spares what that answer already refreshed: the data
 * set from it, and the refetches its mutation started (no echo refetch).
 *
 * A query that reads one patient's record says so (`meta.patientId`): an event about another
 * patient leaves it alone, though the topic's prefix covers it. Refetching it would change
 * nothing on screen and would be one more audited read of that patient.
 */
export function applyLiveEvent(queryClient: QueryClient, data: unknown): void {
  const event = parseLiveEvent(data);
  if (!event) return;
  const queryKeys = getStaleQueryKeys(event);
  // The event's id is as the database prints it (lower case); a page's may be as typed.
  const eventPatientId = event.patientId?.toLowerCase() ?? null;
  const concerns = (query: Query) =>
    eventPatientId === null ||
    query.meta?.patientId === undefined ||
    query.meta.patientId.toLowerCase() === eventPatientId;
  const answered = ownWriteAnswered(event.origin);
  if (!answered) {
    for (const queryKey of queryKeys)
      void queryClient.invalidateQueries({ queryKey, predicate: concerns });
    return;
  }
  void answered.then((answeredAt) => {
    for (const queryKey of queryKeys) {
      void queryClient.invalidateQueries({
        queryKey,
        predicate: (query) => concerns(query) && !isRefreshedSince(query, answeredAt),
      });
    }
  });
}

/** Whether the query got its data after `at`, or is refetching because it was invalidated. */
function isRefreshedSince(query: Query, at: number): boolean {
  return (
    query.state.dataUpdatedAt >= at ||
    (query.state.isInvalidated && query.state.fetchStatus === 'fetching')
  );
}
