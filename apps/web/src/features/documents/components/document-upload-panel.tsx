import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  UPLOAD_LIMIT_MB,
  type DocumentCategory,
} from '@casebridge/domain/constants';
import { DOCUMENT_ACCEPT } from '@casebridge/domain/documents/document-types';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import { UploadCloud } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Label, Select } from '#src/components/ui/input.tsx';
import { cn } from '#src/lib/cn.ts';
import { useUploadLimits } from '#src/features/documents/api/documents-api.ts';
import { useDocumentUploads } from '#src/features/documents/hooks/use-document-uploads.ts';
import { UploadProgressList } from './upload-progress-list.tsx';

/** Clinic and admin: pick a category, then drop files or choose them; each uploads at once. */
export function DocumentUploadPanel({ patientId }: { patientId: string }) {
  const [category, setCategory] = useState<DocumentCategory>(DEFAULT_DOCUMENT_CATEGORY);
  const [isDragging, setIsDragging] = useState(false);
  const limits = useUploadLimits(true);
  const uploads = useDocumentUploads(patientId);
  // If the limit cannot be loaded, the default applies here; the server enforces the real one.
  const maxUploadMb =
    limits.data?.maxUploadMb ?? (limits.isError ? UPLOAD_LIMIT_MB.default : undefined);

  function handleFiles(files: FileList | null) {
    if (!files || files.length === 0 || maxUploadMb === undefined) return;
    uploads.startUploads(Array.from(files), category, maxUploadMb);
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    handleFiles(event.dataTransfer.files);
  }

  return (
    <section
      aria-labelledby="upload-documents-heading"
      className="mb-6 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id="upload-documents-heading" className="mb-4 text-lg font-semibold text-ink">
        Upload Documents
      </h2>
      <div className="mb-4 max-w-xs">
        <Label htmlFor="document-category">Category</Label>
        <Select
          id="document-category"
          value={category}
          onChange={(event) => setCategory(event.target.value as DocumentCategory)}
        >
          {DOCUMENT_CATEGORIES.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </Select>
      </div>
      <div
        onDragOver={handleDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
          isDragging ? 'border-brand bg-surface-muted' : 'border-border',
        )}
      >
        <UploadCloud className="h-8 w-8 text-ink-muted" aria-hidden />
        <p className="text-sm text-ink">Drag and drop files here, or</p>
        <input
          id="document-files"
          type="file"
          multiple
          accept={limits.data?.accept ?? DOCUMENT_ACCEPT}
          disabled={maxUploadMb === undefined}
          className="peer sr-only"
          onChange={(event) => {
            handleFiles(event.target.files);
            // Clearing lets the same file be chosen again after a failure.
            event.target.value = '';
          }}
        />
        <label
          htmlFor="document-files"
          className="inline-flex h-10 cursor-pointer items-center rounded-md bg-brand px-4 text-sm font-medium text-brand-ink hover:opacity-90 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          Choose Files
        </label>
        <p className="text-xs text-ink-muted">
          PDF, JPG, PNG, GIF, DOC, DOCX or TXT.{' '}
          {maxUploadMb === undefined ? (
            <span
              aria-hidden
              className="inline-block h-3 w-32 animate-pulse rounded bg-surface-muted align-middle"
            />
          ) : (
            DOCUMENT_MESSAGES.maxPerFile(maxUploadMb)
          )}
        </p>
      </div>
      <UploadProgressList items={uploads.items} onDismiss={uploads.dismiss} />
    </section>
  );
}
