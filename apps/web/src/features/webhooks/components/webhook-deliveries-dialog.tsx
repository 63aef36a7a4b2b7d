import {
  WEBHOOK_EVENT_LABELS,
  type TWebhookDelivery,
  type TWebhookEndpoint,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { toast } from 'sonner';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import {
  useReplayDelivery,
  useWebhookDeliveries,
} from '#src/features/webhooks/api/webhooks-api.ts';

export const DELIVERY_TONES = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
} as const;
const COLUMNS = ['Queued', 'Event', 'Status', 'Code', 'Attempts', 'Last answer', 'Actions'];

/** What the receiver answered last, or why there was no answer; long answers fold away. */
function LastAnswer({ delivery }: { delivery: TWebhookDelivery }) {
  if (delivery.lastError)
    return <p className="max-w-xs break-words text-xs text-ink">{delivery.lastError}</p>;
  if (!delivery.lastResponseBody) return <span className="text-ink-muted">—</span>;
  return (
    <details className="max-w-xs">
      <summary className="cursor-pointer text-xs text-ink">
        {delivery.lastResponseBody.slice(0, 40)}
        {delivery.lastResponseBody.length > 40 ? '…' : ''}
      </summary>
      <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-surface-muted p-2 text-xs text-ink">
        {delivery.lastResponseBody}
      </pre>
    </details>
  );
}

/**
 * An endpoint's deliveries, newest first, with the receiver's last status code and answer, and
 * Replay, which queues a copy to be sent again.
 */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const pages = useCursorPages<string>();
  const deliveries = useWebhookDeliveries(endpoint.id, pages.cursor);
  const replay = useReplayDelivery();
  const nextCursor = deliveries.data?.nextCursor ?? null;

  function handleReplay(delivery: TWebhookDelivery) {
    replay.mutate(delivery, {
      onSuccess: () => {
        toast.success('Delivery queued again');
        pages.reset();
      },
      onError: (error) => toast.error(getErrorMessage(error, 'The delivery could not be queued.')),
    });
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Deliveries"
      description={endpoint.url}
      className="w-[min(60rem,calc(100%-2rem))]"
    >
      <div className="mb-3 flex justify-end">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          Refresh
        </Button>
      </div>
      <TableScroll label="Deliveries">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Deliveries to {endpoint.url}, newest first</caption>
          <thead className="border-b border-border bg-surface-muted text-ink">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column === 'Actions' ? <span className="sr-only">{column}</span> : column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {!deliveries.data ? (
              <TableSkeletonRows columns={COLUMNS.length} rows={3} cellClassName="px-3 py-2" />
            ) : (
              deliveries.data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="whitespace-nowrap px-3 py-2 text-ink">
                    {formatDateTime(delivery.createdAt)}
                    {delivery.replayOf ? (
                      <span className="block text-xs text-ink-muted">Replay</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-ink">{WEBHOOK_EVENT_LABELS[delivery.eventType]}</td>
                  <td className="px-3 py-2">
                    <Badge tone={DELIVERY_TONES[delivery.status]}>{delivery.status}</Badge>
                  </td>
                  <td className="px-3 py-2 font-mono text-ink">{delivery.lastStatusCode ?? '—'}</td>
                  <td className="px-3 py-2 text-ink">{delivery.attempts}</td>
                  <td className="px-3 py-2">
                    <LastAnswer delivery={delivery} />
                  </td>
                  <td className="px-3 py-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={replay.isPending}
                      onClick={() => handleReplay(delivery)}
                      aria-label={`Replay the ${WEBHOOK_EVENT_LABELS[delivery.eventType]} delivery of ${formatDateTime(delivery.createdAt)}`}
                    >
                      Replay
                    </Button>
                  </td>
                </tr>
              ))
            )}
            {deliveries.data && deliveries.data.items.length === 0 ? (
              <TableEmptyRow columns={COLUMNS.length} padding="px-3 py-6">
                No deliveries yet
              </TableEmptyRow>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      <nav aria-label="Delivery pages" className="mt-3 flex justify-end gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={pages.pageIndex === 0}
          onClick={pages.goPrevious}
        >
          Newer
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={nextCursor === null}
          onClick={() => (nextCursor ? pages.goNext(nextCursor) : undefined)}
        >
          Older
        </Button>
      </nav>
    </Dialog>
  );
}
