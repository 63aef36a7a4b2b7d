import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { getLastActivityAt } from '#src/lib/api-client.ts';
import { useAuth } from '#src/lib/auth-context.tsx';
import { getSession, sessionQueryKey } from '#src/lib/session.ts';

/** The warning shows this long before the server's idle timeout ends the session. */
const WARNING_BEFORE_MS = 2 * 60_000;

/**
 * Warns before the idle timeout. The server enforces the timeout; this only tells the user in
 * time and lets them stay signed in (any API call counts as activity).
 */
export function SessionTimeoutWatcher() {
  const { idleTimeoutMinutes } = useAuth();
  const queryClient = useQueryClient();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    const timeoutMs = idleTimeoutMinutes * 60_000;
    const timer = window.setInterval(() => {
      const remaining = timeoutMs - (Date.now() - getLastActivityAt());
      if (remaining <= 0) {
        // Ask the server: it answers SESSION_EXPIRED and the auth provider signs out.
        setSecondsLeft(null);
        void getSession()
          .then((session) => {
            if (!session) queryClient.setQueryData(sessionQueryKey, null);
          })
          .catch(() => undefined);
      } else {
        setSecondsLeft(remaining <= WARNING_BEFORE_MS ? Math.ceil(remaining / 1000) : null);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [idleTimeoutMinutes, queryClient]);

  if (secondsLeft === null) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="idle-title"
      aria-describedby="idle-text"
      className="fixed bottom-4 left-1/2 z-50 w-[min(28rem,calc(100%-2rem))] -translate-x-1/2 rounded-lg border border-border bg-surface p-4 shadow-lg"
    >
      <h2 id="idle-title" className="font-semibold text-ink">
        Your session is about to expire
      </h2>
      <p id="idle-text" className="mt-1 text-sm text-ink-muted">
        For your patients' privacy you will be signed out in {secondsLeft} seconds without activity.
      </p>
      <div className="mt-3 flex justify-end">
        <Button
          size="sm"
          onClick={() =>
            void queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: getSession })
          }
        >
          Stay signed in
        </Button>
      </div>
    </div>
  );
}
