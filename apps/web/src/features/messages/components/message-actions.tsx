import {
  canRetractMessage,
  MESSAGE_CORRECTION_TEXTS,
  type TMessage,
} from '@casebridge/domain/messages/message.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useRetractMessage } from '#src/features/messages/api/messages-api.ts';
import { useCanEditMessage } from '#src/features/messages/hooks/use-edit-window.ts';
import { EditMessageDialog } from './edit-message-dialog.tsx';
import { MessageHistoryDialog } from './message-history-dialog.tsx';

const EXCERPT_LENGTH = 60;

/** The message as the retract question names it: its first words, quoted. */
function excerpt(body: string | null): string {
  const text = (body ?? '').replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

const actionClass =
  'rounded px-1 text-xs font-medium text-ink-muted underline-offset-2 hover:text-ink hover:underline';

/**
 * Under a message: Edit (the sender, within the edit window) and Retract (the sender, asked
 * first), and History for admins once the message was edited or retracted.
 */
export function MessageActions({ message }: { message: TMessage }) {
  const user = useCurrentUser();
  const canEdit = useCanEditMessage(user.id, message);
  const canRetract = canRetractMessage(user.id, message);
  const hasHistory =
    user.role === 'admin' && (message.editedAt !== null || message.retractedAt !== null);
  const retract = useRetractMessage(message.patientId);
  const [open, setOpen] = useState<'edit' | 'retract' | 'history' | null>(null);
  const close = () => setOpen(null);

  // An open dialog stays when the edit window closes under it: the save then says why not.
  if (open === null && !canEdit && !canRetract && !hasHistory) return null;

  function handleRetract() {
    close();
    retract.mutate(
      { message, body: {} },
      {
        onSuccess: () => toast.success(MESSAGE_CORRECTION_TEXTS.retracted),
        onError: (failure) =>
          toast.error(getErrorMessage(failure, 'Failed to retract the message')),
      },
    );
  }

  return (
    <div className="flex gap-2">
      {canEdit ? (
        <button
          type="button"
          className={actionClass}
          aria-label="Edit message"
          onClick={() => setOpen('edit')}
        >
          Edit
        </button>
      ) : null}
      {canRetract ? (
        <button
          type="button"
          className={actionClass}
          aria-label="Retract message"
          onClick={() => setOpen('retract')}
          disabled={retract.isPending}
        >
          Retract
        </button>
      ) : null}
      {hasHistory ? (
        <button
          type="button"
          className={actionClass}
          aria-label="History of the message"
          onClick={() => setOpen('history')}
        >
          History
        </button>
      ) : null}
      {open === 'edit' ? <EditMessageDialog message={message} onClose={close} /> : null}
      {open === 'history' ? <MessageHistoryDialog message={message} onClose={close} /> : null}
      <ConfirmDialog
        isOpen={open === 'retract'}
        title={MESSAGE_CORRECTION_TEXTS.retractTitle}
        message={`"${excerpt(message.body)}" — ${MESSAGE_CORRECTION_TEXTS.retractDescription}`}
        confirmLabel="Retract"
        cancelLabel="Cancel"
        onConfirm={handleRetract}
        onCancel={close}
        onDismiss={close}
      />
    </div>
  );
}
