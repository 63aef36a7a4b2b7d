import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type {
  TCreateWebhookEndpoint,
  TUpdateWebhookEndpoint,
  TWebhookDelivery,
  TWebhookDeliveryPage,
  TWebhookEndpoint,
  TWebhookEndpointList,
  TWebhookEndpointWithSecret,
} from '@casebridge/domain/webhooks/webhook.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

/** Webhook endpoints and their deliveries: no live event covers them; Refresh does. */
export const webhookKeys = {
  all: () => ['webhooks'] as const,
  endpoints: () => ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string, cursor: string | undefined) =>
    ['webhooks', 'deliveries', endpointId, cursor ?? null] as const,
};

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 10;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: async () => (await apiFetch<TWebhookEndpointList>('/webhooks')).items,
  });
}

export function useWebhookDeliveries(endpointId: string, cursor: string | undefined) {
  const search = new URLSearchParams({ limit: String(WEBHOOK_DELIVERIES_PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, cursor),
    queryFn: () =>
      apiFetch<TWebhookDeliveryPage>(`/webhooks/${endpointId}/deliveries?${search.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** The organisations an administrator may scope an endpoint to, by kind and then name. */
export function useWebhookOrganizations(isEnabled: boolean) {
  return useQuery({
    queryKey: ['organizations', 'webhook-scopes'],
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { items } = await apiFetch<{ items: TOrganization[] }>('/organizations');
      return items.toSorted((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
    },
  });
}

function useRefetchWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() });
}

export function useCreateWebhook() {
  const refetch = useRefetchWebhooks();
  return useMutation({
    mutationFn: (body: TCreateWebhookEndpoint) =>
      apiFetch<TWebhookEndpointWithSecret>('/webhooks', { method: 'POST', body }),
    onSuccess: refetch,
  });
}

export function useUpdateWebhook() {
  const refetch = useRefetchWebhooks();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateWebhookEndpoint & { id: string }) =>
      apiFetch<TWebhookEndpoint>(`/webhooks/${id}`, { method: 'PATCH', body }),
    onSuccess: refetch,
  });
}

export function useDeleteWebhook() {
  const refetch = useRefetchWebhooks();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: refetch,
  });
}

export function useRotateWebhookSecret() {
  const refetch = useRefetchWebhooks();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TWebhookEndpointWithSecret>(`/webhooks/${id}/rotate-secret`, { method: 'POST' }),
    onSuccess: refetch,
  });
}

export function useReplayDelivery() {
  const refetch = useRefetchWebhooks();
  return useMutation({
    mutationFn: (delivery: Pick<TWebhookDelivery, 'id' | 'endpointId'>) =>
      apiFetch<TWebhookDelivery>(
        `/webhooks/${delivery.endpointId}/deliveries/${delivery.id}/replay`,
        { method: 'POST' },
      ),
    onSuccess: refetch,
  });
}
