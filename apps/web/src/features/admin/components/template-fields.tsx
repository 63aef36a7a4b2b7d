import {
  EMAIL_TEMPLATE_PLACEHOLDERS,
  type EmailTemplatePurpose,
  type TemplateType,
} from '@casebridge/domain/templates/template.schemas';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Textarea } from '#src/components/ui/input.tsx';

type TemplateTextValues = {
  title: string;
  body: string;
  templateType: TemplateType;
  subject?: string | null;
};

/**
 * A template's title, e-mail subject (e-mail templates only) and body, with their errors and the
 * placeholders the body may use; shared by Add Template and Edit Template. `typeField` and
 * `purposeField` are Add Template's own choices, shown after the title and after the subject.
 */
export function TemplateFields<T extends FieldValues & TemplateTextValues>({
  idPrefix,
  form,
  purpose,
  typeField,
  purposeField,
}: {
  idPrefix: string;
  form: UseFormReturn<T, unknown, unknown>;
  purpose: EmailTemplatePurpose | null | undefined;
  typeField?: ReactNode;
  purposeField?: ReactNode;
}) {
  const { errors } = form.formState;
  const isEmail = form.watch('templateType' as Path<T>) === 'email';
  const placeholders =
    isEmail && purpose ? EMAIL_TEMPLATE_PLACEHOLDERS[purpose] : ['{{patient.name}}'];
  return (
    <>
      <FormField id={`${idPrefix}-title`} label="Title" error={errors.title?.message} isRequired>
        <Input {...form.register('title' as Path<T>)} />
      </FormField>
      {typeField}
      {isEmail ? (
        <>
          <FormField
            id={`${idPrefix}-subject`}
            label="Email subject"
            error={errors.subject?.message}
            isRequired
          >
            <Input {...form.register('subject' as Path<T>)} />
          </FormField>
          {purposeField}
        </>
      ) : null}
      <FormField
        id={`${idPrefix}-body`}
        label="Body"
        error={errors.body?.message}
        isRequired
        hint={`Placeholders: ${placeholders.join(', ')}`}
      >
        <Textarea rows={6} {...form.register('body' as Path<T>)} />
      </FormField>
    </>
  );
}
