import { MAIL_OUTBOX_PAGE_SIZE } from '@casebridge/domain/constants';
import {
  MAIL_OUTBOX_MESSAGES,
  MAIL_STATUSES,
  type TMailOutboxItem,
} from '@casebridge/domain/admin/system-tools.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { CursorPageControls } from '#src/components/ui/cursor-pagination.tsx';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import { useMailOutbox, useRetryAllFailedMail } from '#src/features/admin/api/mail-outbox-api.ts';
import { MailDetailDialog } from './mail-detail-dialog.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { RetryMailButton } from './retry-mail-button.tsx';

const TONES = { pending: 'yellow', sending: 'blue', sent: 'green', failed: 'red' } as const;
type Status = TMailOutboxItem['status'];

/** Queued and sent e-mails; without SMTP this is where they can be read (docs/architecture.md D6). */
export function MailOutboxPanel() {
  const [status, setStatus] = useState<Status | ''>('');
  const [search, setSearch] = useState('');
  const pages = useCursorPages<string>();
  const [openId, setOpenId] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const mail = useMailOutbox({
    status: status || undefined,
    search: debouncedSearch || undefined,
    cursor: pages.cursor,
    limit: MAIL_OUTBOX_PAGE_SIZE,
  });
  const retryAll = useRetryAllFailedMail();

  function handleRetryAll() {
    retryAll.mutate(undefined, {
      onSuccess: (result) => toast.success(MAIL_OUTBOX_MESSAGES.retriedAll(result.retried)),
      onError: (error) => toast.error(getErrorMessage(error, MAIL_OUTBOX_MESSAGES.retryFailed)),
    });
  }

  return (
    <div>
      <div className="mb-3 flex flex-wrap gap-2">
        <Input
          type="search"
          aria-label="Search mail by recipient or subject"
          placeholder="Search recipient or subject..."
          className="sm:w-72"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            pages.reset();
          }}
        />
        <Select
          aria-label="Mail status"
          className="w-40"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status | '');
            pages.reset();
          }}
        >
          <option value="">All statuses</option>
          {MAIL_STATUSES.map((item) => (
            <option key={item} value={item}>
              {item.charAt(0).toUpperCase() + item.slice(1)}
            </option>
          ))}
        </Select>
        <Button variant="secondary" onClick={() => void mail.refetch()} disabled={mail.isFetching}>
          Refresh
        </Button>
        <Button variant="secondary" onClick={handleRetryAll} disabled={retryAll.isPending}>
          Retry all failed
        </Button>
      </div>
      <TableScroll label="Mail outbox">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Mail outbox, newest first</caption>
          <thead className="border-b border-border bg-surface-muted text-ink">
            <tr>
              {['Queued', 'To', 'Subject', 'Status', ''].map((column, index) => (
                <th key={index} scope="col" className="px-3 py-2 font-medium">
                  {column || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {!mail.data ? (
              <TableSkeletonRows columns={5} rows={3} cellClassName="px-3 py-2" />
            ) : (
              mail.data.items.map((item) => (
                <tr key={item.id}>
                  <td className="whitespace-nowrap px-3 py-2 text-ink">
                    {formatDateTime(item.createdAt)}
                  </td>
                  <td className="break-all px-3 py-2 text-ink">{item.toAddress}</td>
                  <td className="px-3 py-2 text-ink">{item.subject}</td>
                  <td className="px-3 py-2">
                    <Badge tone={TONES[item.status]}>{item.status}</Badge>
                    {item.status === 'failed' && item.lastError ? (
                      <p className="mt-1 max-w-xs break-words text-xs text-ink-muted">
                        {item.lastError}
                      </p>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setOpenId(item.id)}
                      aria-label={`View mail to ${item.toAddress}: ${item.subject}`}
                    >
                      View
                    </Button>
                    {item.status === 'failed' ? (
                      <RetryMailButton mail={item} variant="ghost" />
                    ) : null}
                  </td>
                </tr>
              ))
            )}
            {mail.data && mail.data.items.length === 0 ? (
              <TableEmptyRow columns={5} padding="px-3 py-6">
                No e-mails
              </TableEmptyRow>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      <CursorPageControls
        label="Mail outbox pages"
        pages={pages}
        pageSize={MAIL_OUTBOX_PAGE_SIZE}
        data={mail.data}
      />
      {openId ? <MailDetailDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
