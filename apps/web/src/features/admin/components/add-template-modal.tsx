import {
  EMAIL_TEMPLATE_PLACEHOLDERS,
  EMAIL_TEMPLATE_PURPOSES,
  EMAIL_TEMPLATE_PURPOSE_LABELS,
  TEMPLATE_MESSAGES,
  type EmailTemplatePurpose,
  type TemplateType,
} from '@casebridge/domain/templates/template.schemas';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Input, Label, Select, Textarea } from '#src/components/ui/input.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCreateTemplate } from '#src/features/admin/api/templates-api.ts';

type Values = {
  title: string;
  body: string;
  templateType: TemplateType;
  subject: string;
  purpose: EmailTemplatePurpose | '';
};

const EMPTY: Values = { title: '', body: '', templateType: 'message', subject: '', purpose: '' };

/** Spec section 5: title and body required, then a subject for e-mail templates. */
export function getTemplateError(values: Values): string | null {
  if (!values.title.trim() || !values.body.trim()) return TEMPLATE_MESSAGES.requiredFields;
  if (values.templateType === 'email' && !values.subject.trim())
    return TEMPLATE_MESSAGES.subjectRequired;
  return null;
}

export function AddTemplateModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const create = useCreateTemplate();
  const isEmail = values.templateType === 'email';
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const placeholders =
    isEmail && values.purpose ? EMAIL_TEMPLATE_PLACEHOLDERS[values.purpose] : ['{{patient.name}}'];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = getTemplateError(values);
    if (error) {
      toast.error(error);
      return;
    }
    create.mutate(
      {
        title: values.title.trim(),
        body: values.body.trim(),
        templateType: values.templateType,
        subject: isEmail ? values.subject.trim() : null,
        purpose: isEmail && values.purpose ? values.purpose : null,
      },
      {
        onSuccess: () => {
          toast.success(TEMPLATE_MESSAGES.created);
          setValues(EMPTY);
          onClose();
        },
        onError: (failure) =>
          toast.error(TEMPLATE_MESSAGES.createFailed, {
            description: getErrorMessage(failure, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add Template"
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="template-title">Title</Label>
          <Input
            id="template-title"
            aria-required="true"
            value={values.title}
            onChange={(event) => set({ title: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="template-type">Type</Label>
          <Select
            id="template-type"
            value={values.templateType}
            onChange={(event) => set({ templateType: event.target.value as TemplateType })}
          >
            <option value="message">Message (composer template)</option>
            <option value="email">Email</option>
          </Select>
        </div>
        {isEmail ? (
          <>
            <div>
              <Label htmlFor="template-subject">Email subject</Label>
              <Input
                id="template-subject"
                aria-required="true"
                value={values.subject}
                onChange={(event) => set({ subject: event.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="template-purpose">Used for</Label>
              <Select
                id="template-purpose"
                value={values.purpose}
                aria-describedby="template-purpose-hint"
                onChange={(event) => set({ purpose: event.target.value as Values['purpose'] })}
              >
                <option value="">Not used automatically</option>
                {EMAIL_TEMPLATE_PURPOSES.map((purpose) => (
                  <option key={purpose} value={purpose}>
                    {EMAIL_TEMPLATE_PURPOSE_LABELS[purpose]}
                  </option>
                ))}
              </Select>
              <p id="template-purpose-hint" className="mt-1 text-xs text-ink-muted">
                The newest active template of a purpose replaces that e-mail&apos;s standard text.
              </p>
            </div>
          </>
        ) : null}
        <div>
          <Label htmlFor="template-body">Body</Label>
          <Textarea
            id="template-body"
            rows={6}
            aria-required="true"
            aria-describedby="template-body-hint"
            value={values.body}
            onChange={(event) => set({ body: event.target.value })}
          />
          <p id="template-body-hint" className="mt-1 text-xs text-ink-muted">
            Placeholders: {placeholders.join(', ')}
          </p>
        </div>
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
