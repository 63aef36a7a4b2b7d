import { canCorrectDocuments } from '@casebridge/domain/documents/document.policy';
import type { TDocument } from '@casebridge/domain/documents/document.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Download, Eye, FileText, FolderInput, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { formatDate } from '#src/lib/format.ts';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import { getDownloadUrl, useDocuments } from '#src/features/documents/api/documents-api.ts';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { RecategorizeDocumentDialog } from './recategorize-document-dialog.tsx';
import { RemoveDocumentDialog } from './remove-document-dialog.tsx';

// The preview is fetched when a Preview button is hovered or focused, or at the latest clicked.
const DocumentPreviewDialog = lazyComponent(
  () => import('./document-preview-dialog.tsx'),
  (module) => module.DocumentPreviewDialog,
);

/** The correction the user opened, by document id: the dialog follows the list's live copy. */
type Correcting = { kind: 'recategorize' | 'remove'; documentId: string };

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The documents the user may see (the server applies the Intake rule): name, category, date; and
 * for the roles that may upload, Change category and Remove.
 */
export function DocumentList({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const documents = useDocuments(patient.id, patient.treatmentStatus);
  const [previewed, setPreviewed] = useState<TDocument | null>(null);
  // Mounted from the first preview on, so the dialog can animate closed afterwards.
  const [hasPreviewed, setHasPreviewed] = useState(false);
  const [correcting, setCorrecting] = useState<Correcting | null>(null);
  const canCorrect = canCorrectDocuments(user);
  // A document that left the list meanwhile (removed, or now hidden) closes its dialog.
  const corrected = correcting
    ? documents.data?.items.find((item) => item.id === correcting.documentId)
    : undefined;
  const closeCorrection = () => setCorrecting(null);

  return (
    <Section id="documents-heading" title="Documents">
      {documents.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading documents">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </div>
      ) : documents.error ? (
        <EmptyState title="Failed to load documents">
          {getErrorMessage(documents.error, 'Please try again.')}
        </EmptyState>
      ) : documents.data.items.length === 0 ? (
        <EmptyState title={DOCUMENT_MESSAGES.empty} />
      ) : (
        <ul
          aria-label="Patient documents"
          className="divide-y divide-border rounded-lg border border-border bg-surface"
        >
          {documents.data.items.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
              <FileText className="h-5 w-5 shrink-0 text-ink-muted" aria-hidden />
              <div className="min-w-0 flex-1">
                {/* Long names wrap rather than truncate: on a phone they would show a few letters. */}
                <p className="break-words font-medium text-ink">{document.fileName}</p>
                <p className="text-sm text-ink-muted">
                  <span className="sr-only">Category: </span>
                  {document.category} · {formatDate(document.createdAt)} ·{' '}
                  {formatSize(document.sizeBytes)}
                  {document.uploadedByName ? ` · ${document.uploadedByName}` : ''}
                </p>
              </div>
              {/* Below sm the buttons take their own row and leave the name the full width. */}
              <div className="flex w-full shrink-0 flex-wrap gap-2 pl-8 sm:w-auto sm:pl-0">
                {document.isPreviewable ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setHasPreviewed(true);
                      setPreviewed(document);
                    }}
                    onPointerEnter={DocumentPreviewDialog.preload}
                    onFocus={DocumentPreviewDialog.preload}
                    aria-label={`Preview ${document.fileName}`}
                  >
                    <Eye className="h-4 w-4" aria-hidden />
                    Preview
                  </Button>
                ) : null}
                <a
                  href={getDownloadUrl(document.id)}
                  download={document.fileName}
                  aria-label={`Download ${document.fileName}`}
                  className="inline-flex h-8 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium text-ink hover:bg-surface-muted"
                >
                  <Download className="h-4 w-4" aria-hidden />
                  Download
                </a>
                {canCorrect ? (
                  <>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() =>
                        setCorrecting({ kind: 'recategorize', documentId: document.id })
                      }
                    >
                      <FolderInput className="h-4 w-4" aria-hidden />
                      {/* Named by its text, not aria-label: a 'Category' label is the upload's. */}
                      Change category <span className="sr-only">of {document.fileName}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setCorrecting({ kind: 'remove', documentId: document.id })}
                      aria-label={`Remove ${document.fileName}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                      Remove
                    </Button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasPreviewed ? (
        <LazyBoundary fallback={null}>
          <DocumentPreviewDialog.Component
            document={previewed}
            onClose={() => setPreviewed(null)}
          />
        </LazyBoundary>
      ) : null}
      {corrected && correcting?.kind === 'recategorize' ? (
        <RecategorizeDocumentDialog
          patientId={patient.id}
          document={corrected}
          onClose={closeCorrection}
        />
      ) : null}
      {corrected && correcting?.kind === 'remove' ? (
        <RemoveDocumentDialog
          patientId={patient.id}
          document={corrected}
          onClose={closeCorrection}
        />
      ) : null}
    </Section>
  );
}
