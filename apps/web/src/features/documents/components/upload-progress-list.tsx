import { CheckCircle2, X, XCircle } from 'lucide-react';
import { cn } from '#src/lib/cn.ts';
import type { UploadItem } from '#src/features/documents/hooks/use-document-uploads.ts';

/** One row per file being sent: its own progress bar, then its outcome. */
export function UploadProgressList({
  items,
  onDismiss,
}: {
  items: UploadItem[];
  onDismiss: (id: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item.id} className="rounded-md border border-border bg-surface p-3">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium text-ink" title={item.fileName}>
              {item.fileName}
            </span>
            <span className="flex shrink-0 items-center gap-1 text-ink-muted">
              {item.status === 'uploading' ? `${item.progress}%` : null}
              {item.status === 'done' ? (
                <>
                  <CheckCircle2
                    className="h-4 w-4 text-green-700 dark:text-green-400"
                    aria-hidden
                  />
                  Uploaded
                </>
              ) : null}
              {item.status === 'failed' ? (
                <>
                  <XCircle className="h-4 w-4 text-danger" aria-hidden />
                  Failed
                  <button
                    type="button"
                    onClick={() => onDismiss(item.id)}
                    aria-label={`Dismiss ${item.fileName}`}
                    className="ml-1 rounded p-1 hover:bg-surface-muted hover:text-ink"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </>
              ) : null}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={`Upload progress for ${item.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            className="mt-2 h-2 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className={cn(
                'h-full rounded-full transition-[width] duration-200',
                item.status === 'failed' ? 'bg-danger' : 'bg-brand',
              )}
              style={{ width: `${item.progress}%` }}
            />
          </div>
          {item.error ? <p className="mt-1 text-xs text-danger">{item.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
