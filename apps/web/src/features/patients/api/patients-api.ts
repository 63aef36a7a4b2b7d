import {
  type TCreatePatientRequest,
  type TListPatientsQuery,
  type TPatientDetail,
  type TPatientPage,
  type TPatientStats,
  type TStatusChanged,
  type TUpdateDemographicsRequest,
} from '@casebridge/domain/patients/patient.schemas';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import {
  hashKey,
  keepPreviousData,
  queryOptions,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, getStaleWriteCurrent } from '#src/lib/api-client.ts';

export const patientKeys = {
  all: ['patients'] as const,
  list: (query: TListPatientsQuery) => ['patients', 'list', query] as const,
  stats: () => ['patients', 'stats'] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
};

function toSearchParams(query: TListPatientsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const listPatients = (query: TListPatientsQuery) =>
  apiFetch<TPatientPage>(`/patients?${toSearchParams(query)}`);

export function usePatientList(query: TListPatientsQuery) {
  return useQuery({
    queryKey: patientKeys.list(query),
    queryFn: () => listPatients(query),
    placeholderData: keepPreviousData,
  });
}

export function usePatientStats() {
  return useQuery({
    queryKey: patientKeys.stats(),
    queryFn: () => apiFetch<TPatientStats>('/patients/stats'),
  });
}

export const patientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.detail(id),
    meta: { patientId: id },
    queryFn: () => apiFetch<TPatientDetail>(`/patients/${encodeURIComponent(id)}`),
  });

export function usePatient(id: string) {
  return useQuery(patientQueryOptions(id));
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreatePatientRequest) =>
      apiFetch<{ id: string }>('/patients', { method: 'POST', body: input, idempotent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

/**
 * After the user's own change: the answer is the patient as saved, so it replaces the cached one
 * without a refetch (which would also be a second audited read); the lists and counters it may
 * have moved are refetched.
 */
function showChangedPatient(queryClient: QueryClient, patient: TPatientDetail) {
  const detailKey = patientKeys.detail(patient.id);
  queryClient.setQueryData(detailKey, patient);
  void queryClient.invalidateQueries({
    queryKey: patientKeys.all,
    predicate: (query) => query.queryHash !== hashKey(detailKey),
  });
}

/** Changes the status from the version the user saw; the answer offers an undo. */
export function useUpdatePatientStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { treatmentStatus: TreatmentStatus; version: number }) =>
      apiFetch<TStatusChanged>(`/patients/${id}/status`, {
        method: 'PATCH',
        body: { treatmentStatus: change.treatmentStatus },
        ifMatch: change.version,
      }),
    onSuccess: ({ patient }) => showChangedPatient(queryClient, patient),
    onError: async (error) => {
      // The status control that calls this has already loaded the parser with its page.
      const { parsePatientDetail } = await import('./patient-answers.ts');
      const current = parsePatientDetail(getStaleWriteCurrent(error));
      // By the record's own id: the hook's may name the next patient by the time this answers.
      if (current) queryClient.setQueryData(patientKeys.detail(current.id), current);
    },
  });
}

/**
 * Takes back the user's own status change while its undo window is open. The patient is named with the change, not by the hook: the Undo
 * toast outlives the page it was raised on, whose control may show another patient by then.
 */
export function useUndoStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientId, changeId }: { patientId: string; changeId: string }) =>
      apiFetch<TPatientDetail>(`/patients/${patientId}/status/undo`, {
        method: 'POST',
        body: { changeId },
      }),
    onSuccess: (patient) => showChangedPatient(queryClient, patient),
  });
}

export function useUpdateDemographics(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...input }: TUpdateDemographicsRequest & { version: number }) =>
      apiFetch<{ patient: TPatientDetail; notifiedUsers: number }>(`/patients/${id}/demographics`, {
        method: 'PUT',
        body: input,
        ifMatch: version,
      }),
    onSuccess: ({ patient }) => showChangedPatient(queryClient, patient),
  });
}

/**
 * Sets (a text) or clears (null) the user's organisation's own reference for the patient;
 * the patient's lists and page then show it.
 */
export function useSetExternalId(patientId: string) {
  const queryClient = useQueryClient();
  const path = `/patients/${encodeURIComponent(patientId)}/external-id`;
  return useMutation({
    mutationFn: async (externalId: string | null) => {
      if (externalId === null) await apiFetch<void>(path, { method: 'DELETE' });
      else await apiFetch<unknown>(path, { method: 'PUT', body: { externalId } });
      return externalId;
    },
    onSuccess: (externalId) => {
      queryClient.setQueryData<TPatientDetail>(patientKeys.detail(patientId), (patient) =>
        patient ? { ...patient, externalId } : patient,
      );
      void queryClient.invalidateQueries({ queryKey: [...patientKeys.all, 'list'] });
    },
  });
}
