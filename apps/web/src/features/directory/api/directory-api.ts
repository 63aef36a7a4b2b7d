import type {
  TCreateOrganizationRequest,
  TUpdateOrganizationRequest,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

const directoryKey = ['organizations', 'directory'] as const;

/** The whole directory (a few hundred organisations at most): searched and counted in the browser. */
export function useDirectory() {
  return useQuery({
    queryKey: directoryKey,
    queryFn: async () => (await apiFetch<{ items: TOrganization[] }>('/organizations')).items,
  });
}

function useOrganizationMutation<TInput>(mutationFn: (input: TInput) => Promise<TOrganization>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Every picker of organisations (['organizations', …]) and patient views show the change;
    // after a refused edit too, as one refused as stale means the directory is behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}

export function useCreateOrganization() {
  return useOrganizationMutation((input: TCreateOrganizationRequest) =>
    apiFetch<TOrganization>('/organizations', { method: 'POST', body: input, idempotent: true }),
  );
}

/** An edit, made from the version the admin started from (sent as If-Match). */
export function useUpdateOrganization() {
  return useOrganizationMutation(
    ({ id, ifMatch, ...input }: TUpdateOrganizationRequest & { id: string; ifMatch: number }) =>
      apiFetch<TOrganization>(`/organizations/${id}`, { method: 'PATCH', body: input, ifMatch }),
  );
}
