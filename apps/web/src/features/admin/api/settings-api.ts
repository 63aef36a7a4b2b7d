import type { TSettings, TSettingsRecord } from '@casebridge/domain/settings/settings.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export function useSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: () => apiFetch<TSettingsRecord>('/settings'),
  });
}

/** Saves every setting, made from the version the admin started from (sent as If-Match). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, ifMatch }: { values: TSettings; ifMatch: number }) =>
      apiFetch<TSettingsRecord>('/settings', { method: 'PUT', body: values, ifMatch }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      // The idle timeout lives in the session response.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    // Refused as stale: the settings changed, so read them again.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.settings() }),
  });
}
