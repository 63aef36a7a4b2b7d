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
    onSuccess: async () => {
      // The composer's picker (['templates', …]) changes too.
      await queryClient.invalidateQueries({ queryKey: adminKeys.templates() });
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
  });
}

export function useCreateTemplate() {
  return useTemplateMutation((input: TCreateTemplateRequest) =>
    apiFetch<TMessageTemplate>('/templates', { method: 'POST', body: input, idempotent: true }),
  );
}

export function useSetTemplateActive() {
  return useTemplateMutation(({ id, active }: { id: string; active: boolean }) =>
    apiFetch<TMessageTemplate>(`/templates/${id}`, { method: 'PATCH', body: { active } }),
  );
}

/** Edit Template: a new title, subject and body (the server checks the type is unchanged). */
export function useEditTemplate() {
  return useTemplateMutation(({ id, ...texts }: TEditTemplateRequest & { id: string }) =>
    apiFetch<TMessageTemplate>(`/templates/${id}`, { method: 'PATCH', body: texts }),
  );
}
