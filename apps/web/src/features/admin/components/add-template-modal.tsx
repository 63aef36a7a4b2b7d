import {
  EMAIL_TEMPLATE_PLACEHOLDERS,
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
import { Input, Select, Textarea } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCreateTemplate } from '#src/features/admin/api/templates-api.ts';

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
  const isEmail = form.watch('templateType') === 'email';
  const purpose = form.watch('purpose');
  const placeholders =
    isEmail && purpose ? EMAIL_TEMPLATE_PLACEHOLDERS[purpose] : ['{{patient.name}}'];

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
        <FormField id="template-title" label="Title" error={errors.title?.message} isRequired>
          <Input {...form.register('title')} />
        </FormField>
        <FormField id="template-type" label="Type">
          <Select {...form.register('templateType')}>
            <option value="message">Message (composer template)</option>
            <option value="email">Email</option>
          </Select>
        </FormField>
        {isEmail ? (
          <>
            <FormField
              id="template-subject"
              label="Email subject"
              error={errors.subject?.message}
              isRequired
            >
              <Input {...form.register('subject')} />
            </FormField>
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
          </>
        ) : null}
        <FormField
          id="template-body"
          label="Body"
          error={errors.body?.message}
          isRequired
          hint={`Placeholders: ${placeholders.join(', ')}`}
        >
          <Textarea rows={6} {...form.register('body')} />
        </FormField>
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
