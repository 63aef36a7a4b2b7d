import { MESSAGE_COUNT_CAP } from '@casebridge/domain/constants';
import { formatBadgeCount } from '@casebridge/domain/format/relative-time';
import { MESSAGE_TEXTS } from '@casebridge/domain/messages/message.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { useMemo } from 'react';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useMessageThread } from '#src/features/messages/api/messages-api.ts';
import { useMarkThreadRead } from '#src/features/messages/hooks/use-mark-thread-read.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageThread } from './message-thread.tsx';

/** The patient's 'Team Messages' panel: thread, read receipts and composer, updated live. */
export function MessagesTab({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const thread = useMessageThread(patient.id);
  // Pages arrive newest first; the panel reads oldest first.
  const messages = useMemo(
    () => (thread.data?.pages ?? []).flatMap((page) => page.items).toReversed(),
    [thread.data],
  );
  const total = thread.data?.pages[0]?.total ?? 0;
  useMarkThreadRead(patient.id, messages, user.id);

  return (
    <section
      aria-labelledby="team-messages-heading"
      className="rounded-lg border border-border bg-surface shadow-sm"
    >
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
        <h2 id="team-messages-heading" className="text-lg font-semibold text-ink">
          {MESSAGE_TEXTS.heading}
        </h2>
        <span className="rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-medium text-ink">
          {thread.isPending
            ? '...'
            : `${formatBadgeCount(total, MESSAGE_COUNT_CAP)} ${total === 1 ? 'message' : 'messages'}`}
        </span>
      </header>
      {thread.isError ? (
        <p role="alert" className="px-4 py-6 text-sm text-danger">
          Failed to load messages
        </p>
      ) : (
        <MessageThread
          messages={messages}
          userId={user.id}
          isLoading={thread.isPending}
          hasEarlier={thread.hasNextPage}
          isLoadingEarlier={thread.isFetchingNextPage}
          onLoadEarlier={() => void thread.fetchNextPage()}
        />
      )}
      <MessageComposer patient={patient} />
    </section>
  );
}
