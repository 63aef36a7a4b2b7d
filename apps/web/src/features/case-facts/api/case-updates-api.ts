import type {
  TCaseUpdates,
  TCaseUpdateSetting,
  TCaseUpdatesOverdue,
} from '@casebridge/domain/case-updates/case-updates.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/**
 * 'case-updates.changed' makes ['case-updates'] stale (the Case tab's updates and the dashboards'
 * count), and 'case-facts.changed' the patient's: a stage move is an update too.
 */
export const caseUpdatesKeys = {
  patient: (patientId: string) => ['case-updates', patientId] as const,
  overdue: () => ['case-updates', 'overdue'] as const,
};

/** Under 'organizations': the firm's change (organization.changed) makes it stale live. */
export const caseUpdateSettingKey = (firmId: string) =>
  ['organizations', 'case-update-setting', firmId] as const;

const updatesPath = (patientId: string) =>
  `/patients/${encodeURIComponent(patientId)}/case-updates`;
const settingPath = (firmId: string) => `/firms/${encodeURIComponent(firmId)}/case-update-setting`;

export function useCaseUpdates(patientId: string) {
  return useQuery({
    queryKey: caseUpdatesKeys.patient(patientId),
    meta: { patientId },
    queryFn: () => apiFetch<TCaseUpdates>(updatesPath(patientId)),
  });
}

/** After a note or an ask, the lists' overdue flags and the counts may change. */
function useAfterUpdate(patientId: string) {
  const queryClient = useQueryClient();
  return async (updates: TCaseUpdates) => {
    queryClient.setQueryData(caseUpdatesKeys.patient(patientId), updates);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: caseUpdatesKeys.overdue() }),
      queryClient.invalidateQueries({ queryKey: ['patients'] }),
    ]);
  };
}

export function usePostCaseUpdate(patientId: string) {
  const onSuccess = useAfterUpdate(patientId);
  return useMutation({
    mutationFn: (note: string) =>
      apiFetch<TCaseUpdates>(updatesPath(patientId), { method: 'POST', body: { note } }),
    onSuccess,
  });
}

export function useAskForCaseUpdate(patientId: string) {
  const onSuccess = useAfterUpdate(patientId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<TCaseUpdates>(`${updatesPath(patientId)}/asks`, { method: 'POST', body: {} }),
    onSuccess,
    // 'Already asked': the open ask shows once the updates are read again.
    onError: () => queryClient.invalidateQueries({ queryKey: caseUpdatesKeys.patient(patientId) }),
  });
}

/** The dashboards' count of the user's patients owed an update. */
export function useOverdueCaseUpdates() {
  return useQuery({
    queryKey: caseUpdatesKeys.overdue(),
    queryFn: () => apiFetch<TCaseUpdatesOverdue>('/case-updates/overdue'),
  });
}

export function useCaseUpdateSetting(firmId: string) {
  return useQuery({
    queryKey: caseUpdateSettingKey(firmId),
    queryFn: () => apiFetch<TCaseUpdateSetting>(settingPath(firmId)),
  });
}

/** Saves the interval from the version the user started from (sent as If-Match). */
export function useSaveCaseUpdateSetting(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ intervalDays, ifMatch }: { intervalDays: number; ifMatch: number }) =>
      apiFetch<TCaseUpdateSetting>(settingPath(firmId), {
        method: 'PUT',
        body: { intervalDays },
        ifMatch,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(caseUpdateSettingKey(firmId), saved);
      // Every overdue flag and count follows the new interval.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['case-updates'] }),
        queryClient.invalidateQueries({ queryKey: ['patients'] }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: caseUpdateSettingKey(firmId) }),
  });
}
