import { Dialog } from '#src/components/ui/dialog.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useMail } from '#src/features/admin/api/mail-outbox-api.ts';
import { RetryMailButton } from './retry-mail-button.tsx';

/** Why an invitation, reset or confirmation link shows no token here. */
export const SECRET_LINKS_HIDDEN =
  'The link in this e-mail is hidden: only its recipient may use it. Mail reaches them once a mail server is configured (SMTP_URL).';

/** One e-mail as text: links stay readable and nothing from the mail runs in the page. */
export function MailDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useMail(id);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={mail.data?.subject ?? 'E-mail'}
      className="w-[min(44rem,calc(100%-2rem))]"
    >
      {mail.data ? (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">To</dt>
            <dd className="break-all text-ink">{mail.data.toAddress}</dd>
            <dt className="text-ink-muted">Queued</dt>
            <dd className="text-ink">{formatDateTime(mail.data.createdAt)}</dd>
            <dt className="text-ink-muted">Status</dt>
            <dd className="text-ink">
              {mail.data.status}
              {mail.data.sentAt ? `, sent ${formatDateTime(mail.data.sentAt)}` : ''}
              {mail.data.attempts > 0 ? ` (${mail.data.attempts} attempts)` : ''}
            </dd>
            {mail.data.lastError ? (
              <>
                <dt className="text-ink-muted">
                  {mail.data.status === 'failed' ? 'Failure reason' : 'Last error'}
                </dt>
                <dd className="break-words text-ink">{mail.data.lastError}</dd>
              </>
            ) : null}
            <dt className="text-ink-muted">Message-ID</dt>
            <dd className="break-all font-mono text-xs text-ink">{mail.data.messageId}</dd>
          </dl>
          {mail.data.status === 'failed' ? <RetryMailButton mail={mail.data} /> : null}
          {mail.data.hiddenLinks > 0 ? (
            <p className="text-sm text-ink-muted">{SECRET_LINKS_HIDDEN}</p>
          ) : null}
          <pre
            aria-label="Mail text"
            className="whitespace-pre-wrap break-words rounded-md border border-border bg-surface-muted p-3 text-sm text-ink"
          >
            {mail.data.text}
          </pre>
        </div>
      ) : mail.error ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load the e-mail
        </p>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </Dialog>
  );
}
