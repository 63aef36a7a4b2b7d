import type { DocumentCategory } from '@casebridge/domain/constants';
import type {
  TDocument,
  TDocumentList,
  TUploadLimits,
} from '@casebridge/domain/documents/document.schemas';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { fetchAllPages } from '#src/lib/fetch-all-pages.ts';

export const documentKeys = {
  patient: (patientId: string) => ['documents', patientId] as const,
  /**
   * The status is part of the key: Intake visibility depends on it, so when the patient's
   * status changes (a live patient event refreshes the patient) the list is fetched again.
   */
  list: (patientId: string, treatmentStatus: TreatmentStatus) =>
    ['documents', patientId, 'list', treatmentStatus] as const,
  uploadLimits: () => ['documents', 'upload-limits'] as const,
};

export function useDocuments(patientId: string, treatmentStatus: TreatmentStatus) {
  return useQuery({
    queryKey: documentKeys.list(patientId, treatmentStatus),
    meta: { patientId },
    queryFn: () =>
      fetchAllPages<TDocumentList>(`/patients/${encodeURIComponent(patientId)}/documents`),
  });
}

export function useUploadLimits(isEnabled: boolean) {
  return useQuery({
    queryKey: documentKeys.uploadLimits(),
    queryFn: () => apiFetch<TUploadLimits>('/documents/upload-limits'),
    enabled: isEnabled,
  });
}

export const getPreviewUrl = (documentId: string) =>
  `/api/documents/${encodeURIComponent(documentId)}/preview`;
export const getDownloadUrl = (documentId: string) =>
  `/api/documents/${encodeURIComponent(documentId)}/download`;

const documentPath = (documentId: string) => `/documents/${encodeURIComponent(documentId)}`;

/** A correction of one document, made from the version the user saw (`If-Match`). */
type DocumentCorrection<TBody> = { document: TDocument; body: TBody };

function useDocumentCorrection<TBody, TAnswer>(
  patientId: string,
  send: (path: string, body: TBody, ifMatch: number) => Promise<TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ document, body }: DocumentCorrection<TBody>) =>
      send(documentPath(document.id), body, document.version),
    // Also after a refusal: a 409 means the list is behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.patient(patientId) }),
  });
}

/** File a document under another category. */
export function useRecategorizeDocument(patientId: string) {
  return useDocumentCorrection<{ category: DocumentCategory }, TDocument>(
    patientId,
    (path, body, ifMatch) => apiFetch(`${path}/category`, { method: 'PATCH', body, ifMatch }),
  );
}

/** Remove a document, with the reason the history keeps. */
export function useRemoveDocument(patientId: string) {
  return useDocumentCorrection<{ reason: string }, void>(patientId, (path, body, ifMatch) =>
    apiFetch(`${path}/remove`, { method: 'POST', body, ifMatch }),
  );
}
