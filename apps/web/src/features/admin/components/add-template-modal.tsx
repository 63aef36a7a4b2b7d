import {
  EMAIL_TEMPLATE_PURPOSES,
  EMAIL_TEMPLATE_PURPOSE_LABELS,
  TEMPLATE_MESSAGES,
  ZCreateTemplateRequest,
  type TCreateTemplateParsed,
} from '@casebridge/domain/templates/template.schemas';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCreateTemplate } from '#src/features/admin/api/templates-api.ts';
import { TemplateFields } from './template-fields.tsx';

/**
 * Add Template, checked by the request schema the server parses with (spec section 5: title and
 * body, then a subject for e-mail templates; values trimmed); the first failure is the toast.
 */
export function AddTemplateModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const create = useCreateTemplate();
  const form = useDomainForm(ZCreateTemplateRequest, {
    defaultValues: { title: '', body: '', templateType: 'message', subject: '', purpose: null },
  });
  const { errors } = form.formState;

  function handleValid(template: TCreateTemplateParsed) {
    create.mutate(template, {
      onSuccess: () => {
        toast.success(TEMPLATE_MESSAGES.created);
        form.reset();
        onClose();
      },
      onError: (failure) =>
        toast.error(TEMPLATE_MESSAGES.createFailed, {
          description: getErrorMessage(failure, 'Please try again.'),
        }),
    });
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add Template"
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <TemplateFields
          idPrefix="template"
          form={form}
          purpose={form.watch('purpose')}
          typeField={
            <FormField id="template-type" label="Type">
              <Select {...form.register('templateType')}>
                <option value="message">Message (composer template)</option>
                <option value="email">Email</option>
              </Select>
            </FormField>
          }
          purposeField={
            <FormField
              id="template-purpose"
              label="Used for"
              error={errors.purpose?.message}
              hint="The newest active template of a purpose replaces that e-mail's standard text."
            >
              <Select {...form.register('purpose', { setValueAs: (value) => value || null })}>
                <option value="">Not used automatically</option>
                {EMAIL_TEMPLATE_PURPOSES.map((item) => (
                  <option key={item} value={item}>
                    {EMAIL_TEMPLATE_PURPOSE_LABELS[item]}
                  </option>
                ))}
              </Select>
            </FormField>
          }
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Template'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
