import type { DocumentCategory } from '@casebridge/domain/constants';
import { DOCUMENT_MESSAGES } from '@casebridge/domain/documents/document.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { documentKeys } from '#src/features/documents/api/documents-api.ts';
import { uploadDocument } from '#src/features/documents/api/upload-document.ts';
import { checkFileBeforeUpload } from '#src/features/documents/utils/check-file.ts';

export type UploadItem = {
  id: number;
  fileName: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
};

/** How long a finished upload's row stays, so the user sees it complete (like a toast). */
const DONE_ROW_MS = 4000;

/** Several files upload in parallel, each with its own progress; results toast by name. */
export function useDocumentUploads(patientId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const update = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const startUploads = useCallback(
    (files: File[], category: DocumentCategory, maxUploadMb: number) => {
      for (const file of files) {
        const check = checkFileBeforeUpload(file, maxUploadMb);
        if (!check.isOk) {
          if (check.reason === 'type') toast.error(check.message);
          else
            toast.error(DOCUMENT_MESSAGES.uploadFailed(file.name), { description: check.message });
          continue;
        }
        const id = nextId.current++;
        setItems((current) => [
          ...current,
          { id, fileName: file.name, progress: 0, status: 'uploading' },
        ]);
        uploadDocument({
          patientId,
          category,
          file,
          onProgress: (progress) => update(id, { progress }),
        })
          .then(() => {
            update(id, { status: 'done', progress: 100 });
            toast.success(DOCUMENT_MESSAGES.uploaded(file.name));
            void queryClient.invalidateQueries({ queryKey: documentKeys.patient(patientId) });
            const timer = setTimeout(() => {
              timers.current.delete(timer);
              dismiss(id);
            }, DONE_ROW_MS);
            timers.current.add(timer);
          })
          .catch((error: unknown) => {
            const message = getErrorMessage(error, DOCUMENT_MESSAGES.uploadFailed(file.name));
            update(id, { status: 'failed', error: message });
            // The server's type check (by content) answers with the spec's own message.
            if (error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE')
              toast.error(DOCUMENT_MESSAGES.invalidType(file.name));
            else toast.error(DOCUMENT_MESSAGES.uploadFailed(file.name), { description: message });
          });
      }
    },
    [dismiss, patientId, queryClient, update],
  );

  return { items, startUploads, dismiss };
}
