import { MESSAGE_TEXTS, type TMessage } from '@casebridge/domain/messages/message.schemas';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { MessageItem } from './message-item.tsx';

type MessageThreadProps = {
  /** Oldest first, as they read. */
  messages: readonly TMessage[];
  userId: string;
  isLoading: boolean;
  hasEarlier: boolean;
  isLoadingEarlier: boolean;
  onLoadEarlier: () => void;
};

/**
 * The fixed-height message panel. It scrolls to the newest message when one arrives and keeps
 * the reading position when earlier messages are loaded above.
 */
export function MessageThread(props: MessageThreadProps) {
  const { messages, userId, isLoading, hasEarlier, isLoadingEarlier, onLoadEarlier } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const previous = useRef<{ newestId?: string; oldestId?: string; height: number }>({ height: 0 });
  const newestId = messages.at(-1)?.id;
  const oldestId = messages[0]?.id;

  useLayoutEffect(() => {
    const panel = scrollRef.current;
    if (!panel) return;
    const before = previous.current;
    if (newestId !== before.newestId) panel.scrollTop = panel.scrollHeight;
    else if (oldestId !== before.oldestId) panel.scrollTop += panel.scrollHeight - before.height;
    previous.current = { newestId, oldestId, height: panel.scrollHeight };
  }, [newestId, oldestId]);

  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label="Message history"
      // The scrolling panel must be reachable by keyboard to scroll it (WCAG 2.1.1, axe
      // scrollable-region-focusable) even when it holds no focusable message.
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      // Sized to the viewport so the composer below stays in view on a 800 px high laptop
      // screen (34rem: header, patient heading, tabs and composer).
      className="h-[calc(100dvh-34rem)] max-h-[30rem] min-h-[16rem] overflow-y-auto px-3 py-4 sm:px-4"
    >
      {isLoading ? (
        <Spinner label="Loading messages" className="h-full" />
      ) : messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-sm text-ink-muted">
          {MESSAGE_TEXTS.empty}
        </p>
      ) : (
        <>
          {hasEarlier ? (
            <div className="mb-4 flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                onClick={onLoadEarlier}
                disabled={isLoadingEarlier}
              >
                {isLoadingEarlier ? 'Loading...' : 'Load earlier messages'}
              </Button>
            </div>
          ) : null}
          <ol className="space-y-4" aria-label="Messages">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} isOwn={message.senderId === userId} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
