import { DOCUMENT_ACCEPT } from '@casebridge/domain/documents/document-types';
import {
  CASE_REQUEST_KIND_LABELS,
  type CaseRequestKind,
} from '@casebridge/domain/requests/case-request-constants';
import {
  FULFILMENT_CATEGORIES,
  toFulfilCaseRequest,
  ZFulfilRequestForm,
  type TCaseRequest,
  type TFulfilRequestForm,
  type TFulfilRequestFormData,
} from '@casebridge/domain/requests/case-request.schemas';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { useDialogCloseGuard } from '#src/lib/dialog-close-guard.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { formatDate } from '#src/lib/format.ts';
import {
  useAnswerRequest,
  usePatientDocumentsForRequest,
} from '#src/features/case-requests/api/case-requests-api.ts';
import { toastAnswerError } from '#src/features/case-requests/utils/answer-errors.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';

/** The category a file sent for each kind is filed under by default (never Intake). */
const CATEGORY_OF_KIND: Record<CaseRequestKind, TFulfilRequestForm['category']> = {
  medical_records: 'Treatment Notes',
  itemized_bill: 'Billing',
  narrative_report: 'Treatment Notes',
  imaging: 'MRI',
  discharge_summary: 'Discharge',
};

/** The upload's refusals that are about the file itself: its type, its size, its content. */
const FILE_REFUSALS = new Set(['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

/**
 * Fulfil: the clinic uploads a file (through the documents' own upload, with its checks) and/or
 * picks documents already on the patient's file; the requester then sees them under the usual
 * document rules. The file is uploaded first, then the request is fulfilled with every document.
 * Checked by the domain's form schema; a refusal goes under the field it is about as well as
 * in the toast, and what was chosen stays.
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
  const form = useDomainForm(ZFulfilRequestForm, {
    defaultValues: { file: null, category: CATEGORY_OF_KIND[request.kind], documentIds: [] },
    toastFirstError: false,
  });
  const { errors, isSubmitted } = form.formState;
  const documentsError = errors.documentIds?.message;
  const file = form.watch('file');
  const picked = form.watch('documentIds');
  const [isUploading, setIsUploading] = useState(false);
  const isBusy = isUploading || answer.isPending;
  // A chosen file or picked documents are not dropped by a stray Escape or click outside.
  const guard = useDialogCloseGuard(file !== null || picked.length > 0, onClose);

  // A file and the documents are checked together: after a submit, choosing either one
  // answers the error of having neither.
  function revalidate() {
    if (isSubmitted) void form.trigger(['file', 'documentIds']);
  }

  function chooseFile(chosen: File | null) {
    form.setValue('file', chosen, { shouldDirty: true });
    revalidate();
  }

  function toggle(id: string, isChecked: boolean) {
    const next = isChecked ? [...picked, id] : picked.filter((item) => item !== id);
    form.setValue('documentIds', next, { shouldDirty: true });
    revalidate();
  }

  async function handleValid({ upload, documentIds }: TFulfilRequestFormData) {
    let uploadedId: string | undefined;
    if (upload) {
      setIsUploading(true);
      try {
        uploadedId = (await uploadFile({ patientId: request.patientId, ...upload })).id;
      } catch (uploadError) {
        toastAnswerError(uploadError);
        if (uploadError instanceof ApiError && FILE_REFUSALS.has(uploadError.code))
          form.setError('file', { message: uploadError.message });
        return;
      } finally {
        setIsUploading(false);
      }
      // Uploaded once: a retry of the fulfilment links it instead of uploading it again.
      form.setValue('file', null);
      form.setValue('documentIds', [...documentIds, uploadedId]);
    }
    answer.mutate(
      {
        request,
        answer: { action: 'fulfil', ...toFulfilCaseRequest({ documentIds }, uploadedId) },
      },
      {
        onSuccess: onClose,
        // The hook toasts the refusal; a document the server will not link is named here too.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
            form.setError('documentIds', { message: error.message });
        },
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : guard.requestClose())}
      title="Fulfil request"
      description={`${CASE_REQUEST_KIND_LABELS[request.kind]} for ${request.patientName}, asked by ${request.requesterOrganizationName ?? request.requesterName}. Upload a file or choose documents already on file.`}
    >
      <form noValidate className="space-y-4" onSubmit={form.submitWith(handleValid)}>
        <FormField id="fulfil-file" label="Upload a file" error={errors.file?.message}>
          <Input
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={(event) => chooseFile(event.currentTarget.files?.[0] ?? null)}
          />
        </FormField>
        <FormField
          id="fulfil-category"
          label="Category of the uploaded file"
          error={errors.category?.message}
        >
          <Select {...form.register('category')}>
            {FULFILMENT_CATEGORIES.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </Select>
        </FormField>
        <fieldset
          aria-describedby={documentsError ? 'fulfil-documents-error' : undefined}
          aria-invalid={documentsError ? true : undefined}
        >
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
                      onChange={(event) => toggle(document.id, event.currentTarget.checked)}
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
          {documentsError ? (
            <p id="fulfil-documents-error" className="mt-1 text-xs text-danger">
              {documentsError}
            </p>
          ) : null}
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
