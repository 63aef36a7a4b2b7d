import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLiveEvent, type LiveEvent } from './live-events.ts';

/**
 * One EventSource per signed-in tab on /api/events. The browser reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed; each event only invalidates queries.
 */
export function useEventStream(isEnabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled) return;
    const source = new EventSource('/api/events');
    const handleChange = (message: MessageEvent<string>) => {
      try {
        applyLiveEvent(queryClient, JSON.parse(message.data) as LiveEvent);
      } catch {
        // A malformed event is ignored; the next one still arrives.
      }
    };
    // After a reconnect the replay covers missed events; refetching also covers anything older.
    const handleOpen = () =>
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    let hasOpened = false;
    source.addEventListener('change', handleChange);
    source.addEventListener('open', () => {
      if (hasOpened) handleOpen();
      hasOpened = true;
    });
    // Sent instead of a replay when too much was missed: refetch everything.
    source.addEventListener('resync', handleOpen);
    source.addEventListener('session-ended', () => {
      source.close();
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    });
    return () => source.close();
  }, [isEnabled, queryClient]);
}
