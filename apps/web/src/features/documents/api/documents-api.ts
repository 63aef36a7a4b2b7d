import type { TDocumentList, TUploadLimits } from '@casebridge/domain/documents/document.schemas';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

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
    queryFn: () => apiFetch<TDocumentList>(`/patients/${encodeURIComponent(patientId)}/documents`),
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
