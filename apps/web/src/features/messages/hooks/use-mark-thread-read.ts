import type { TMessage } from '@casebridge/domain/messages/message.schemas';
import { MESSAGE_READ_BATCH_MAX } from '@casebridge/domain/messages/message.schemas';
import { useEffect, useRef } from 'react';
import { useMarkMessagesRead } from '#src/features/messages/api/messages-api.ts';

/**
 * Opening the thread marks the shown messages read, and so do messages that arrive while it is
 * open; the senders see the double check live. Each id is sent once per mount.
 */
export function useMarkThreadRead(
  patientId: string,
  messages: readonly TMessage[],
  userId: string,
) {
  const markRead = useMarkMessagesRead(patientId);
  const requested = useRef(new Set<string>());
  const { mutateAsync } = markRead;

  useEffect(() => {
    const unread = messages
      .filter((message) => !message.isReadByMe && message.senderId !== userId)
      .map((message) => message.id)
      .filter((id) => !requested.current.has(id))
      .slice(0, MESSAGE_READ_BATCH_MAX);
    if (unread.length === 0) return;
    unread.forEach((id) => requested.current.add(id));
    // A failed receipt is retried when the thread next changes, though a newer one was sent
    // meanwhile (architecture.md, 'Outcomes of a change').
    mutateAsync(unread).catch(() => unread.forEach((id) => requested.current.delete(id)));
  }, [messages, userId, mutateAsync]);
}
