import {
  EMAIL_TEMPLATE_PURPOSE_LABELS,
  TEMPLATE_MESSAGES,
  type TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { formatDate } from '#src/lib/format.ts';
import { useAdminTemplates, useSetTemplateActive } from '#src/features/admin/api/templates-api.ts';
import { getToggleErrorMessage } from '#src/features/admin/utils/stale-toggle.ts';
import { AddTemplateModal } from './add-template-modal.tsx';
import { EditTemplateModal } from './edit-template-modal.tsx';
import { Badge } from '#src/components/ui/badge.tsx';

function TemplateCard({
  template,
  onEdit,
}: {
  template: TMessageTemplate;
  onEdit: (template: TMessageTemplate) => void;
}) {
  const setActive = useSetTemplateActive();
  function handleToggle() {
    const active = !template.active;
    setActive.mutate(
      { id: template.id, active, ifMatch: template.version },
      {
        onSuccess: () =>
          toast.success(active ? TEMPLATE_MESSAGES.activated : TEMPLATE_MESSAGES.deactivated),
        onError: (error) =>
          toast.error(
            getToggleErrorMessage(error, `"${template.title}"`, TEMPLATE_MESSAGES.updateFailed),
          ),
      },
    );
  }
  return (
    <Card className="flex h-full flex-col gap-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-medium text-ink">{template.title}</h3>
        <div className="flex flex-wrap gap-1">
          <Badge tone={template.templateType === 'email' ? 'purple' : 'blue'}>
            {template.templateType === 'email' ? 'Email' : 'Message'}
          </Badge>
          {template.active ? (
            <Badge tone="green">Active</Badge>
          ) : (
            <Badge tone="gray">Inactive</Badge>
          )}
        </div>
      </div>
      {template.subject ? (
        <p className="text-sm text-ink">
          <span className="text-ink-muted">Subject: </span>
          {template.subject}
        </p>
      ) : null}
      {template.purpose ? (
        <p className="text-sm text-ink">
          <span className="text-ink-muted">Used for: </span>
          {EMAIL_TEMPLATE_PURPOSE_LABELS[template.purpose]}
        </p>
      ) : null}
      <p className="line-clamp-4 whitespace-pre-line text-sm text-ink-muted">{template.body}</p>
      <div className="mt-auto flex items-center justify-between gap-2 pt-2">
        <span className="text-xs text-ink-muted">
          {template.createdByName ? `${template.createdByName}, ` : ''}
          {formatDate(template.createdAt)}
        </span>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onEdit(template)}
            aria-label={`Edit ${template.title}`}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={setActive.isPending}
            onClick={handleToggle}
            aria-label={`${template.active ? 'Deactivate' : 'Activate'} ${template.title}`}
          >
            {template.active ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** Admin 'Templates' tab: message templates (composer picker) and e-mail templates. */
export function TemplatesTab() {
  const templates = useAdminTemplates();
  const [isAdding, setIsAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  // The template as the list now holds it, so the open form learns of live changes.
  const editing = templates.data?.find((template) => template.id === editingId);
  const sections = [
    { type: 'message', title: 'Message templates' },
    { type: 'email', title: 'Email templates' },
  ] as const;
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setIsAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Template
        </Button>
      </div>
      {templates.error ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load templates
        </p>
      ) : null}
      {sections.map((section) => {
        const items = templates.data?.filter((template) => template.templateType === section.type);
        return (
          <Section
            key={section.type}
            id={`templates-${section.type}`}
            title={
              <>
                {section.title}
                {items ? ` (${items.length})` : ''}
              </>
            }
            className="mb-8"
          >
            {!items ? (
              <Skeleton className="h-32 w-full" />
            ) : items.length === 0 ? (
              <EmptyState title="No templates yet" />
            ) : (
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {items.map((template) => (
                  <li key={template.id}>
                    <TemplateCard
                      template={template}
                      onEdit={(chosen) => setEditingId(chosen.id)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Section>
        );
      })}
      <AddTemplateModal isOpen={isAdding} onClose={() => setIsAdding(false)} />
      {editing ? (
        // Keyed by the template, so the form starts from the one just opened.
        <EditTemplateModal key={editing.id} template={editing} onClose={() => setEditingId(null)} />
      ) : null}
    </div>
  );
}
