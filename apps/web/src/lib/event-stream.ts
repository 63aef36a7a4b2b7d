import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The live-event contract checks each frame with the domain's zod schemas: it is fetched when the
 * stream opens, not with the page (ADR 0015), so that no page's initial JavaScript carries zod.
 */
const loadLiveEvents = () => import('./live-events.ts');

/** Waits before reopening a stream the browser gave up on (plus jitter); the last repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** Whether live updates flow: `reconnecting` once the stream has been down for a moment. */
export type LiveStatus = 'live' | 'reconnecting';

/** A drop the browser mends within this long is not worth telling the user about. */
export const RECONNECTING_NOTICE_AFTER_MS = 3_000;

/**
 * One EventSource per signed-in tab on /api/events. The browser reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed; each event only invalidates queries.
 * A stream the browser gave up on is reopened here, and every reopen after an error refetches
 * what the page shows, so a page never stays stale after an outage. Answers `reconnecting` while
 * the stream has been down for longer than RECONNECTING_NOTICE_AFTER_MS, for the header to say.
 */
export function useEventStream(isEnabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('live');
  useEffect(() => {
    if (!isEnabled) return;
    let noticeTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = openEventStream(queryClient, (isUp) => {
      clearTimeout(noticeTimer);
      if (isUp) setStatus('live');
      else noticeTimer = setTimeout(() => setStatus('reconnecting'), RECONNECTING_NOTICE_AFTER_MS);
    });
    return () => {
      clearTimeout(noticeTimer);
      stop();
    };
  }, [isEnabled, queryClient]);
  return status;
}

/** Opens the tab's stream and keeps it open until the returned function is called. */
function openEventStream(
  queryClient: QueryClient,
  onConnection: (isUp: boolean) => void,
): () => void {
  let source: EventSource | null = null;
  let isStopped = false;
  let hasFailed = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingRefetch: Promise<void> | null = null;

  // Whatever the page shows may have changed while the stream was down: refetch it all but the
  // session (the stream says `session-ended` for that). A reopen is often followed at once by a
  // `resync`; both want the same refetch, and one already running started after the stream
  // reopened, so it sees everything the second would.
  const refetchAll = () => {
    if (pendingRefetch) return;
    pendingRefetch = queryClient
      .invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' })
      .finally(() => {
        pendingRefetch = null;
      });
  };

  // Events are applied one after the other, in the order they came, once the contract is loaded.
  let applying: Promise<void> = Promise.resolve();
  const handleChange = (message: MessageEvent<string>) => {
    applying = applying
      .then(async () => {
        const { applyLiveEvent } = await loadLiveEvents();
        applyLiveEvent(queryClient, JSON.parse(message.data));
      })
      // A malformed event, or a contract that failed to load, is skipped; the next one still
      // arrives (and tries the download again).
      .catch(() => undefined);
  };

  function connect() {
    const current = new EventSource('/api/events');
    source = current;
    current.addEventListener('change', handleChange);
    current.addEventListener('open', () => {
      void loadLiveEvents().catch(() => undefined);
      attempt = 0;
      // The first open has nothing to catch up on; any open after an error does.
      if (hasFailed) refetchAll();
      hasFailed = false;
      onConnection(true);
    });
    current.addEventListener('error', () => {
      if (!hasFailed) onConnection(false);
      hasFailed = true;
      // A dropped connection is retried by the browser (readyState CONNECTING). An error answer
      // — 503 while the database is down, 502 while the server restarts — makes it give up for
      // good (CLOSED), and the page would go stale silently: reopen it ourselves, backing off.
      if (current.readyState === EventSource.CLOSED) scheduleReconnect();
    });
    // Sent instead of a replay when too much was missed: refetch everything.
    current.addEventListener('resync', refetchAll);
    current.addEventListener('session-ended', () => {
      stop();
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    });
  }

  function scheduleReconnect() {
    if (isStopped || reconnectTimer !== undefined) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    // Up to half again at random, so the tabs a restart cut off do not all come back at once.
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        if (!isStopped) connect();
      },
      delay * (1 + Math.random() / 2),
    );
  }

  function stop() {
    isStopped = true;
    clearTimeout(reconnectTimer);
    source?.close();
  }

  connect();
  return stop;
}
