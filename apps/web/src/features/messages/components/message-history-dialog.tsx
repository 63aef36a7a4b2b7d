import type { THistoryEntry } from '@casebridge/domain/history/record-history.schemas';
import type { TMessage } from '@casebridge/domain/messages/message.schemas';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useMessageHistory } from '#src/features/messages/api/messages-api.ts';

function HistoryEntry({ entry }: { entry: THistoryEntry }) {
  const by = `${entry.actorName}, ${formatDateTime(entry.at)}`;
  if (entry.action === 'retracted') return <p className="text-sm text-ink">Retracted by {by}</p>;
  const body = entry.changes.body;
  return (
    <div className="space-y-1 text-sm text-ink">
      <p>Edited by {by}</p>
      <p className="font-medium">Before</p>
      <p className="whitespace-pre-wrap break-words rounded-md bg-surface-muted p-2">
        {String(body?.from ?? '')}
      </p>
      <p className="font-medium">After</p>
      <p className="whitespace-pre-wrap break-words rounded-md bg-surface-muted p-2">
        {String(body?.to ?? '')}
      </p>
    </div>
  );
}

/** For admins: every edit of a message with the text before and after, and its retraction. */
export function MessageHistoryDialog({
  message,
  onClose,
}: {
  message: TMessage;
  onClose: () => void;
}) {
  const history = useMessageHistory(message);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Message history"
      description={`Sent by ${message.senderName}, ${formatDateTime(message.createdAt)}`}
    >
      {history.isPending ? (
        <Spinner label="Loading history" />
      ) : history.isError ? (
        <p role="alert" className="text-sm text-danger">
          {getErrorMessage(history.error, 'Failed to load the history')}
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Changes">
          {history.data.items.map((entry) => (
            <li key={entry.version}>
              <HistoryEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
