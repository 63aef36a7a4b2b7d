import type { TDocument } from '@casebridge/domain/documents/document.schemas';
import { Download } from 'lucide-react';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { getDownloadUrl, getPreviewUrl } from '#src/features/documents/api/documents-api.ts';

/**
 * Shows a document inside the app through the authorized preview endpoint (audited, sandboxed
 * by its own CSP). Images are an <img>; PDFs and text are framed, which the app's CSP allows
 * for its own origin only.
 */
export function DocumentPreviewDialog({
  document,
  onClose,
}: {
  document: TDocument | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={document !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={document?.fileName ?? 'Preview'}
      description={document ? `${document.category} document` : undefined}
      className="w-[min(64rem,calc(100%-2rem))]"
    >
      {document ? (
        <div>
          {document.mimeType.startsWith('image/') ? (
            <img
              src={getPreviewUrl(document.id)}
              alt={`Preview of ${document.fileName}`}
              className="mx-auto max-h-[70vh] max-w-full rounded border border-border bg-white object-contain"
            />
          ) : document.mimeType === 'application/pdf' ? (
            // oxlint-disable-next-line react/iframe-missing-sandbox -- Chromium refuses to render a PDF in a sandboxed frame; the preview response carries its own CSP sandbox, which the PDF viewer honours.
            <iframe
              src={getPreviewUrl(document.id)}
              title={`Preview of ${document.fileName}`}
              className="h-[70vh] w-full rounded border border-border bg-white"
            />
          ) : (
            <iframe
              sandbox=""
              src={getPreviewUrl(document.id)}
              title={`Preview of ${document.fileName}`}
              className="h-[70vh] w-full rounded border border-border bg-white"
            />
          )}
          <div className="mt-4 flex justify-end">
            <a
              href={getDownloadUrl(document.id)}
              download={document.fileName}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-surface px-4 text-sm font-medium text-ink hover:bg-surface-muted"
            >
              <Download className="h-4 w-4" aria-hidden />
              Download
            </a>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
