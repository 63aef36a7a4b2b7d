import type {
  TCorrectVisitRequest,
  TRecordVisitOutcomeRequest,
  TScheduleVisitRequest,
  TSignInSheetRequest,
  TVisit,
  TVisitList,
} from '@casebridge/domain/visits/visit.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/**
 * 'visit.changed' makes every ['visits'] query stale (a patient's tab and the clinics' day lists),
 * and the patient with it: an attended visit moves the last treatment date.
 */
export const visitKeys = {
  all: ['visits'] as const,
  patient: (patientId: string) => ['visits', patientId] as const,
  clinicDay: (clinicId: string, day: string) => ['visits', 'clinic', clinicId, day] as const,
};

const patientVisitsPath = (patientId: string) =>
  `/patients/${encodeURIComponent(patientId)}/visits`;
const clinicVisitsPath = (clinicId: string) => `/clinics/${encodeURIComponent(clinicId)}/visits`;

export function useVisits(patientId: string) {
  return useQuery({
    queryKey: visitKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TVisitList>(patientVisitsPath(patientId)),
  });
}

export function useClinicDay(clinicId: string, day: string) {
  return useQuery({
    queryKey: visitKeys.clinicDay(clinicId, day),
    queryFn: () =>
      apiFetch<TVisitList>(`${clinicVisitsPath(clinicId)}?date=${encodeURIComponent(day)}`),
  });
}

/** After a write: every visit list, and the patients (their last treatment date). */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: visitKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['patients'] }),
    ]);
}

export function useScheduleVisit(patientId: string) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: TScheduleVisitRequest) =>
      apiFetch<TVisit>(patientVisitsPath(patientId), { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** Records a scheduled visit's outcome from the version shown (If-Match). */
export function useRecordVisitOutcome() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ visit, body }: { visit: TVisit; body: TRecordVisitOutcomeRequest }) =>
      apiFetch<TVisit>(`/visits/${encodeURIComponent(visit.id)}/outcome`, {
        method: 'POST',
        body,
        ifMatch: visit.version,
      }),
    onSettled: refresh,
  });
}

/** Corrects a visit from the version shown (If-Match), with a reason. */
export function useCorrectVisit() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ visit, body }: { visit: TVisit; body: TCorrectVisitRequest }) =>
      apiFetch<TVisit>(`/visits/${encodeURIComponent(visit.id)}`, {
        method: 'PUT',
        body,
        ifMatch: visit.version,
      }),
    onSuccess: refresh,
  });
}

/** Saves the day's sign-in sheet: every marked row, or none. */
export function useSaveSignInSheet(clinicId: string) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (body: TSignInSheetRequest) =>
      apiFetch<TVisitList>(`${clinicVisitsPath(clinicId)}/sign-in`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}
