import {
  MESSAGE_CORRECTION_TEXTS,
  type TMessage,
} from '@casebridge/domain/messages/message.schemas';
import { Check, CheckCheck } from 'lucide-react';
import { cn } from '#src/lib/cn.ts';
import { formatMessageTime } from '#src/features/messages/utils/format-message-time.ts';
import { MessageActions } from './message-actions.tsx';
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

/** 'edited', with the time of the edit on hover and for screen readers. */
function EditedMark({ editedAt }: { editedAt: string }) {
  const full = MESSAGE_CORRECTION_TEXTS.editedAt(new Date(editedAt).toLocaleString());
  return (
    <span className="text-xs text-ink-muted" title={full}>
      <span aria-hidden>({MESSAGE_CORRECTION_TEXTS.edited})</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}

/**
 * The text of a message. Retracted: everyone but admins gets no text from the server and reads
 * 'Message retracted by …'; admins read the text, marked as retracted.
 */
function MessageBody({ message, isOwn }: { message: TMessage; isOwn: boolean }) {
  const retractedBy = MESSAGE_CORRECTION_TEXTS.retractedBy(message.senderName);
  if (message.body === null)
    return (
      <p className="rounded-lg border border-dashed border-border px-3 py-2 text-sm italic text-ink-muted">
        {retractedBy}
      </p>
    );
  const isRetracted = message.retractedAt !== null;
  return (
    <div
      className={cn(
        'rounded-lg px-3 py-2 text-sm',
        isRetracted
          ? 'border border-dashed border-danger bg-surface text-ink'
          : isOwn
            ? 'bg-brand text-brand-ink'
            : 'border border-border bg-surface-muted text-ink',
      )}
    >
      {isRetracted ? (
        <p className="mb-1 text-xs font-semibold text-danger">
          {retractedBy} — only admins see the text
        </p>
      ) : null}
      <p className="whitespace-pre-wrap break-words">{message.body}</p>
    </div>
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
        {message.editedAt ? <EditedMark editedAt={message.editedAt} /> : null}
      </div>
      <div className="flex max-w-[90%] items-end gap-1.5 sm:max-w-[75%]">
        <MessageBody message={message} isOwn={isOwn} />
        {isOwn ? <ReadStatus isReadByOthers={message.isReadByOthers} /> : null}
      </div>
      <MessageActions message={message} />
    </li>
  );
}
