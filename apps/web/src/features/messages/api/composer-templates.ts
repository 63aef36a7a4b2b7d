import {
  BUILT_IN_MESSAGE_TEMPLATES,
  type ComposerTemplate,
} from '@casebridge/domain/messages/message-templates';
import type { TTemplateList } from '@casebridge/domain/templates/template.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#src/lib/api-client.ts';

export const composerTemplateKey = ['templates', 'composer'] as const;

/** The admin-created message templates that are active (admins also receive inactive ones). */
async function listAdminMessageTemplates(): Promise<ComposerTemplate[]> {
  const { items } = await apiFetch<TTemplateList>('/templates?type=message');
  return items
    .filter((template) => template.templateType === 'message' && template.active)
    .map((template) => ({
      id: template.id,
      title: template.title,
      body: template.body,
      isBuiltIn: false,
    }));
}

/**
 * The composer's picker: the built-in 'intro' and 'reminder' templates at once, the admin
 * templates merged in when they arrive (a failed load leaves the built-ins usable).
 */
export function useComposerTemplates(): { templates: ComposerTemplate[]; isLoading: boolean } {
  const query = useQuery({
    queryKey: composerTemplateKey,
    queryFn: listAdminMessageTemplates,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return {
    templates: [...BUILT_IN_MESSAGE_TEMPLATES, ...(query.data ?? [])],
    isLoading: query.isPending,
  };
}
