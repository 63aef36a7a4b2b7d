import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@casebridge/domain/constants';
import { DOCUMENT_ACCEPT } from '@casebridge/domain/documents/document-types';
import {
  CASE_REQUEST_KIND_LABELS,
  type CaseRequestKind,
} from '@casebridge/domain/requests/case-request-constants';
import type { TCaseRequest } from '@casebridge/domain/requests/case-request.schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { useDialogCloseGuard } from '#src/lib/dialog-close-guard.tsx';
import { formatDate } from '#src/lib/format.ts';
import {
  useAnswerRequest,
  usePatientDocumentsForRequest,
} from '#src/features/case-requests/api/case-requests-api.ts';
import { toastAnswerError } from '#src/features/case-requests/utils/answer-errors.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';

/**
 * The categories a file sent for a request may be filed under: not Intake, which a requester may
 * not see (the server refuses to fulfil with a document the requester cannot open).
 */
const FULFILMENT_CATEGORIES = DOCUMENT_CATEGORIES.filter((category) => category !== 'Intake');

/** The category a file sent for each kind is filed under by default (never Intake). */
const CATEGORY_OF_KIND: Record<CaseRequestKind, DocumentCategory> = {
  medical_records: 'Treatment Notes',
  itemized_bill: 'Billing',
  narrative_report: 'Treatment Notes',
  imaging: 'MRI',
  discharge_summary: 'Discharge',
};

const CHOOSE_SOMETHING = 'Choose a file to upload or at least one document';

/**
 * Fulfil: the clinic uploads a file (through the documents' own upload, with its checks) and/or
 * picks documents already on the patient's file; the requester then sees them under the usual
 * document rules. The file is uploaded first, then the request is fulfilled with every document.
 */
export function FulfilRequestDialog({
  request,
  uploadFile,
  onClose,
}: {
  request: TCaseRequest;
  uploadFile: UploadRequestFile;
  onClose: () => void;
}) {
  const documents = usePatientDocumentsForRequest(request.patientId);
  const answer = useAnswerRequest();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<DocumentCategory>(CATEGORY_OF_KIND[request.kind]);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const isBusy = isUploading || answer.isPending;
  // A chosen file or picked documents are not dropped by a stray Escape or click outside.
  const guard = useDialogCloseGuard(file !== null || picked.length > 0, onClose);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file && picked.length === 0) {
      setError(CHOOSE_SOMETHING);
      return;
    }
    setError(null);
    const documentIds = [...picked];
    if (file) {
      setIsUploading(true);
      try {
        const uploaded = await uploadFile({ patientId: request.patientId, category, file });
        documentIds.push(uploaded.id);
        // Uploaded once: a retry of the fulfilment links it instead of uploading it again.
        setFile(null);
        setPicked(documentIds);
      } catch (uploadError) {
        toastAnswerError(uploadError);
        return;
      } finally {
        setIsUploading(false);
      }
    }
    answer.mutate({ request, answer: { action: 'fulfil', documentIds } }, { onSuccess: onClose });
  }

  const toggle = (id: string, isChecked: boolean) =>
    setPicked((previous) =>
      isChecked ? [...previous, id] : previous.filter((item) => item !== id),
    );

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : guard.requestClose())}
      title="Fulfil request"
      description={`${CASE_REQUEST_KIND_LABELS[request.kind]} for ${request.patientName}, asked by ${request.requesterOrganizationName ?? request.requesterName}. Upload a file or choose documents already on file.`}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(event)}>
        <FormField id="fulfil-file" label="Upload a file" error={error}>
          <Input
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setError(null);
            }}
          />
        </FormField>
        <FormField id="fulfil-category" label="Category of the uploaded file">
          <Select
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value as DocumentCategory)}
          >
            {FULFILMENT_CATEGORIES.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </Select>
        </FormField>
        <fieldset>
          <legend className="text-sm font-medium text-ink">Or choose documents on file</legend>
          {documents.isPending ? (
            <p className="mt-2 text-sm text-ink-muted">Loading documents…</p>
          ) : (documents.data ?? []).length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">No documents on file yet.</p>
          ) : (
            <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
              {(documents.data ?? []).map((document) => (
                <li key={document.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={picked.includes(document.id)}
                      onChange={(event) => {
                        toggle(document.id, event.currentTarget.checked);
                        setError(null);
                      }}
                    />
                    <span>
                      {document.fileName}{' '}
                      <span className="text-ink-muted">
                        ({document.category}, {formatDate(document.createdAt)})
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            {isUploading ? 'Uploading...' : answer.isPending ? 'Fulfilling...' : 'Fulfil Request'}
          </Button>
        </div>
      </form>
      {guard.prompt}
    </Dialog>
  );
}
