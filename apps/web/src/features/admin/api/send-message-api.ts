import { PATIENT_PICKER_SIZE } from '@casebridge/domain/constants';
import type {
  TSendMessageRequest,
  TSendMessageResponse,
} from '@casebridge/domain/messages/message.schemas';
import type { TPatientPage } from '@casebridge/domain/patients/patient.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Patients for the Send Message picker, searched on the server by name. */
export function usePatientPicker(search: string) {
  return useQuery({
    queryKey: ['patients', 'picker', search],
    queryFn: () =>
      apiFetch<TPatientPage>(
        `/patients?sort=name&limit=${PATIENT_PICKER_SIZE}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Posts into the patient's Team Messages, like the Messages tab's composer. */
export function useSendPatientMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientId, ...input }: TSendMessageRequest & { patientId: string }) =>
      apiFetch<TSendMessageResponse>(`/patients/${encodeURIComponent(patientId)}/messages`, {
        method: 'POST',
        body: input,
        idempotent: true,
      }),
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: ['messages', input.patientId] }),
  });
}
