import { getInvalidatedQueryKeys, parseLiveEvent } from '@casebridge/domain/events/live-events';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Marks stale whatever the change in a stream frame affects, by the domain's live-event contract
 * (packages/domain/src/events/live-events.ts). A frame that does not match the contract, or a
 * topic this build does not know, changes nothing.
 */
export function applyLiveEvent(queryClient: QueryClient, data: unknown): void {
  const event = parseLiveEvent(data);
  if (!event) return;
  for (const queryKey of getInvalidatedQueryKeys(event))
    void queryClient.invalidateQueries({ queryKey });
}
