import {
  TEMPLATE_MESSAGES,
  ZEditTemplateRequest,
  type TEditTemplateParsed,
  type TMessageTemplate,
} from '@casebridge/domain/templates/template.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useEditTemplate } from '#src/features/admin/api/templates-api.ts';
import { TemplateFields } from './template-fields.tsx';

/**
 * Edit Template: title, subject (e-mail templates) and body, checked as Add Template checks them;
 * the type and purpose stay. Opened from a template's card.
 */
export function EditTemplateModal({
  template,
  onClose,
}: {
  template: TMessageTemplate;
  onClose: () => void;
}) {
  const edit = useEditTemplate();
  const form = useDomainForm(ZEditTemplateRequest, {
    defaultValues: {
      title: template.title,
      body: template.body,
      templateType: template.templateType,
      subject: template.subject ?? '',
    },
  });

  function handleValid(texts: TEditTemplateParsed) {
    edit.mutate(
      { id: template.id, ...texts },
      {
        onSuccess: () => {
          toast.success(TEMPLATE_MESSAGES.updated);
          onClose();
        },
        onError: (failure) =>
          toast.error(TEMPLATE_MESSAGES.updateFailed, {
            description: getErrorMessage(failure, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit Template"
      description={`${template.templateType === 'email' ? 'Email' : 'Message'} template "${template.title}"`}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <TemplateFields idPrefix="edit-template" form={form} purpose={template.purpose} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
