import type { TMessage } from '@casebridge/domain/messages/message.schemas';
import { Check, CheckCheck } from 'lucide-react';
import { cn } from '#src/lib/cn.ts';
import { formatMessageTime } from '#src/features/messages/utils/format-message-time.ts';
import { SenderBadge } from './sender-badge.tsx';

/** Own messages: one check while only the sender has read it, two once anyone else has. */
function ReadStatus({ isReadByOthers }: { isReadByOthers: boolean }) {
  const label = isReadByOthers ? 'Read' : 'Sent';
  const Icon = isReadByOthers ? CheckCheck : Check;
  return (
    <span role="img" aria-label={label} title={label} className="text-ink-muted">
      <Icon className={cn('h-4 w-4', isReadByOthers && 'text-brand')} aria-hidden />
    </span>
  );
}

export function MessageItem({ message, isOwn }: { message: TMessage; isOwn: boolean }) {
  return (
    <li
      className={cn('flex flex-col gap-1', isOwn ? 'items-end' : 'items-start')}
      data-message-id={message.id}
    >
      <div className={cn('flex flex-wrap items-center gap-2', isOwn && 'justify-end')}>
        <SenderBadge role={message.senderRole} organizationName={message.senderOrganizationName} />
        <span className="text-xs font-medium text-ink">{isOwn ? 'You' : message.senderName}</span>
        <time
          dateTime={message.createdAt}
          title={new Date(message.createdAt).toLocaleString()}
          className="text-xs text-ink-muted"
        >
          {formatMessageTime(message.createdAt)}
        </time>
      </div>
      <div className="flex max-w-[90%] items-end gap-1.5 sm:max-w-[75%]">
        <p
          className={cn(
            'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
            isOwn ? 'bg-brand text-brand-ink' : 'border border-border bg-surface-muted text-ink',
          )}
        >
          {message.body}
        </p>
        {isOwn ? <ReadStatus isReadByOthers={message.isReadByOthers} /> : null}
      </div>
    </li>
  );
}
