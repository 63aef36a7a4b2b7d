import type {
  TBulkCaseRequest,
  TBulkCaseRequestAnswer,
  TBulkCaseUpdateAskAnswer,
  TBulkStatusAnswer,
  TBulkStatusRequest,
} from '@casebridge/domain/patients/bulk.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { patientKeys } from './patients-api.ts';

/** One status for the chosen patients, each from the version the list showed. */
export function useBulkStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkStatusRequest) =>
      apiFetch<TBulkStatusAnswer>('/patients/bulk/status', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

/** The same request of each chosen patient's clinics; the Requests lists (key 'case-requests') follow. */
export function useBulkCaseRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkCaseRequest) =>
      apiFetch<TBulkCaseRequestAnswer>('/patients/bulk/requests', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['case-requests'] }),
  });
}

/** Asks each chosen patient's firm for a case update; the Case tabs (key 'case-updates') follow. */
export function useBulkCaseUpdateAsks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientIds: readonly string[]) =>
      apiFetch<TBulkCaseUpdateAskAnswer>('/patients/bulk/case-update-asks', {
        method: 'POST',
        body: { patientIds },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['case-updates'] }),
  });
}

/** Downloads the chosen patients as CSV (the server audits it as a read). */
export async function exportPatientsCsv(patientIds: readonly string[]): Promise<void> {
  const { downloadFile } = await import('#src/lib/download-file.ts');
  await downloadFile('/api/patients/bulk/export', 'patients.csv', { patientIds });
}
