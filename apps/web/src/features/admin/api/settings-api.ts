import type { TSettings } from '@casebridge/domain/settings/settings.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export function useSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: () => apiFetch<TSettings>('/settings'),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TSettings) =>
      apiFetch<TSettings>('/settings', { method: 'PUT', body: values }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      // The idle timeout lives in the session response.
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    },
  });
}
