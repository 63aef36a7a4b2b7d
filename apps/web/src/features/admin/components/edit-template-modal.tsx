import {
  TEMPLATE_MESSAGES,
  ZEditTemplateRequest,
  ZMessageTemplate,
  type TEditTemplateParsed,
  type TEditTemplateRequest,
  type TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import { toast } from 'sonner';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useEditTemplate } from '#src/features/admin/api/templates-api.ts';
import { TemplateFields } from './template-fields.tsx';

const toValues = (template: TMessageTemplate): TEditTemplateRequest => ({
  title: template.title,
  body: template.body,
  templateType: template.templateType,
  subject: template.subject ?? '',
});

const LABELS = { title: 'Title', subject: 'Email subject', body: 'Body' } as const;

/**
 * Edit Template: title, subject (e-mail templates) and body, checked as Add Template checks them;
 * the type and purpose stay. Opened from a template's card with the template as the list now
 * holds it: a change someone else makes meanwhile is offered for review, never typed over.
 */
export function EditTemplateModal({
  template,
  onClose,
}: {
  template: TMessageTemplate;
  onClose: () => void;
}) {
  const edit = useEditTemplate();
  const form = useDomainForm(ZEditTemplateRequest, { defaultValues: toValues(template) });
  const editing = useRecordEditing({
    record: template,
    form,
    toValues,
    labels: LABELS,
    parse: (current) => ZMessageTemplate.safeParse(current).data ?? null,
  });

  function handleValid(texts: TEditTemplateParsed) {
    edit.mutate(
      { id: template.id, ifMatch: editing.baseVersion, ...texts },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(TEMPLATE_MESSAGES.updated);
          onClose();
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(TEMPLATE_MESSAGES.updateFailed, {
            description: getErrorMessage(failure, 'Please try again.'),
          });
        },
      },
    );
  }

  return (
    <RecordEditDialog
      title="Edit Template"
      description={`${template.templateType === 'email' ? 'Email' : 'Message'} template "${template.title}"`}
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={edit.isPending}
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
    >
      <TemplateFields idPrefix="edit-template" form={form} purpose={template.purpose} />
    </RecordEditDialog>
  );
}
