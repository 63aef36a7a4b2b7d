import {
  ZDuplicatePatientBody,
  ZPatientDetail,
  type TCreatePatientRequest,
  type TListPatientsQuery,
  type TPatientDetail,
  type TPatientMatch,
  type TPatientPage,
  type TPatientStats,
  type TStatusChanged,
  type TUpdateDemographicsRequest,
} from '@casebridge/domain/patients/patient.schemas';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch, getStaleWriteCurrent } from '#src/lib/api-client.ts';

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
 * The patients a refused create would duplicate (409 with `duplicates`), or null for any other
 * failure. The user may then confirm with `allowDuplicate: true`.
 */
export function getDuplicatePatients(error: unknown): TPatientMatch[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = ZDuplicatePatientBody.safeParse(error.body);
  return parsed.success ? parsed.data.duplicates : null;
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
    onSuccess: ({ patient }) => {
      queryClient.setQueryData(patientKeys.detail(id), patient);
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
    onError: (error) => {
      const current = parsePatientDetail(getStaleWriteCurrent(error));
      if (current) queryClient.setQueryData(patientKeys.detail(id), current);
    },
  });
}

/** Takes back the user's own status change while its undo window is open. */
export function useUndoStatusChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string) =>
      apiFetch<TPatientDetail>(`/patients/${id}/status/undo`, {
        method: 'POST',
        body: { changeId },
      }),
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.detail(id), patient);
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}

/** The patient in a refused write's answer (409 `current`), or null. */
export function parsePatientDetail(value: unknown): TPatientDetail | null {
  const parsed = ZPatientDetail.safeParse(value);
  return parsed.success ? parsed.data : null;
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
    onSuccess: ({ patient }) => {
      queryClient.setQueryData(patientKeys.detail(id), patient);
      void queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}
