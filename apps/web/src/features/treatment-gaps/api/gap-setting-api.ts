import type { TGapSetting } from '@casebridge/domain/gaps/treatment-gap.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Under 'organizations': a clinic's change (organization.changed) makes it stale live. */
export const gapSettingKey = (clinicId: string) =>
  ['organizations', 'gap-setting', clinicId] as const;

const settingPath = (clinicId: string) => `/clinics/${encodeURIComponent(clinicId)}/gap-setting`;

export function useGapSetting(clinicId: string) {
  return useQuery({
    queryKey: gapSettingKey(clinicId),
    queryFn: () => apiFetch<TGapSetting>(settingPath(clinicId)),
  });
}

/** Saves the threshold from the version the user started from (sent as If-Match). */
export function useSaveGapSetting(clinicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ thresholdDays, ifMatch }: { thresholdDays: number; ifMatch: number }) =>
      apiFetch<TGapSetting>(settingPath(clinicId), {
        method: 'PUT',
        body: { thresholdDays },
        ifMatch,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(gapSettingKey(clinicId), saved);
      // The server checked the gaps again with the new threshold: the badges may change.
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: gapSettingKey(clinicId) }),
  });
}
