import type {
  TCreateTemplateRequest,
  TEditTemplateRequest,
  TMessageTemplate,
  TTemplateList,
} from '@casebridge/domain/templates/template.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** Every template, active or not (the server gives admins all of them). */
export function useAdminTemplates() {
  return useQuery({
    queryKey: adminKeys.templates(),
    queryFn: async () => (await apiFetch<TTemplateList>('/templates')).items,
  });
}

function useTemplateMutation<TInput>(mutationFn: (input: TInput) => Promise<TMessageTemplate>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Also after a refused write: a stale one means the list is behind the server.
    onSettled: async () => {
      // The composer's picker (['templates', …]) changes too.
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
  });
}

/** A write of a template, made from the version the admin saw (sent as If-Match). */
type TemplateWrite<T> = T & { id: string; ifMatch: number };

export function useCreateTemplate() {
  return useTemplateMutation((input: TCreateTemplateRequest) =>
    apiFetch<TMessageTemplate>('/templates', { method: 'POST', body: input, idempotent: true }),
  );
}

function patchTemplate({ id, ifMatch, ...body }: TemplateWrite<object>) {
  return apiFetch<TMessageTemplate>(`/templates/${id}`, { method: 'PATCH', body, ifMatch });
}

export function useSetTemplateActive() {
  return useTemplateMutation((input: TemplateWrite<{ active: boolean }>) => patchTemplate(input));
}

/** Edit Template: a new title, subject and body (the server checks the type is unchanged). */
export function useEditTemplate() {
  return useTemplateMutation((input: TemplateWrite<TEditTemplateRequest>) => patchTemplate(input));
}
