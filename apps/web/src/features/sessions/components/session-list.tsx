import type { TAccountSession } from '@casebridge/domain/sessions/session.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import {
  useAccountSessions,
  useEndOtherSessions,
  useEndSession,
} from '#src/features/sessions/api/sessions-api.ts';

/** What the dialog asks to end: one other session, or every other one. */
type Ending = { kind: 'one'; session: TAccountSession } | { kind: 'others' };

/**
 * The Security page's sessions: where the user is signed in (device, address, when signed in,
 * last seen), this device marked; any other session can be ended, or all of them at once.
 */
export function SessionList() {
  const sessions = useAccountSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const items = sessions.data?.items ?? [];
  const otherCount = items.filter((session) => !session.isCurrent).length;

  async function handleConfirm(confirmed: Ending) {
    setEnding(null);
    try {
      if (confirmed.kind === 'one') {
        await endSession.mutateAsync(confirmed.session.id);
        toast.success(`Ended the session on ${confirmed.session.device}`);
      } else {
        const { ended } = await endOthers.mutateAsync();
        toast.success(`Signed out ${ended} other session${ended === 1 ? '' : 's'}`);
      }
    } catch (error) {
      toast.error(getErrorMessage(error, 'The session could not be ended.'));
    }
  }

  return (
    <Section id="sessions-heading" title="Where you're signed in">
      <p className="mb-4 text-sm text-ink-muted">
        End the session of a device you no longer use or do not recognise: it is signed out at once,
        and its open pages stop receiving updates.
      </p>
      {sessions.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-ink">
          {getErrorMessage(sessions.error, 'Your sessions could not be loaded.')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
            {items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                isBusy={endSession.isPending || endOthers.isPending}
                onEnd={() => setEnding({ kind: 'one', session })}
              />
            ))}
          </ul>
          <div className="mt-4">
            <Button
              variant="secondary"
              disabled={otherCount === 0 || endOthers.isPending}
              onClick={() => setEnding({ kind: 'others' })}
            >
              Sign out everywhere else
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={ending !== null}
        title={
          ending?.kind === 'one'
            ? `End the session on ${ending.session.device}?`
            : 'Sign out everywhere else?'
        }
        message={
          ending?.kind === 'one'
            ? `The session on ${ending.session.device}${ending.session.ipAddress ? ` (${ending.session.ipAddress})` : ''}, last seen ${formatDateTime(ending.session.lastSeenAt)}, ends now; that device has to sign in again.`
            : `Every other session (${otherCount}) ends now; this device stays signed in.`
        }
        confirmLabel={ending?.kind === 'one' ? 'End session' : 'Sign out everywhere else'}
        cancelLabel="Cancel"
        onConfirm={() => ending && void handleConfirm(ending)}
        onCancel={() => setEnding(null)}
        onDismiss={() => setEnding(null)}
      />
    </Section>
  );
}

function SessionRow({
  session,
  isBusy,
  onEnd,
}: {
  session: TAccountSession;
  isBusy: boolean;
  onEnd: () => void;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          {session.device}
          {session.isCurrent ? <Badge tone="green">This device</Badge> : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-ink-muted">Address</dt>
          <dd className="break-all text-ink">{session.ipAddress ?? 'Unknown'}</dd>
          <dt className="text-ink-muted">Signed in</dt>
          <dd className="text-ink">{formatDateTime(session.signedInAt)}</dd>
          <dt className="text-ink-muted">Last seen</dt>
          <dd className="text-ink">{formatDateTime(session.lastSeenAt)}</dd>
        </dl>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="secondary"
          size="sm"
          disabled={isBusy}
          aria-label={`End session on ${session.device}, last seen ${formatDateTime(session.lastSeenAt)}`}
          onClick={onEnd}
        >
          End session
        </Button>
      )}
    </li>
  );
}
