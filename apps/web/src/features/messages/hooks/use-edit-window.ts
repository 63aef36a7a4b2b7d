import {
  canEditMessage,
  getMessageEditDeadline,
  type TMessage,
} from '@casebridge/domain/messages/message.schemas';
import { useEffect, useState } from 'react';

/** Timers longer than this overflow setTimeout's 32-bit delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the user may still edit the message, re-evaluated when its edit window closes, so the
 * Edit action goes away on time on a page left open. The server decides by its own clock.
 */
export function useCanEditMessage(userId: string, message: TMessage): boolean {
  const [now, setNow] = useState(() => new Date());
  const deadline = getMessageEditDeadline(message.createdAt).getTime();
  useEffect(() => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setNow(new Date()), Math.min(remaining + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [deadline]);
  return canEditMessage(userId, message, now);
}
