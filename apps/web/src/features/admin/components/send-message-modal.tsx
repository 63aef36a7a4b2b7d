import {
  applyMessageTemplate,
  BUILT_IN_MESSAGE_TEMPLATES,
} from '@casebridge/domain/messages/message-templates';
import { MESSAGE_TEXTS, ZAdminSendMessageForm } from '@casebridge/domain/messages/message.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Label, Select, Textarea } from '#src/components/ui/input.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import {
  usePatientPicker,
  useSendPatientMessage,
} from '#src/features/admin/api/send-message-api.ts';
import { useAdminTemplates } from '#src/features/admin/api/templates-api.ts';

/**
 * Admin 'Send Message': a patient and a message, sent into that patient's Team Messages. A
 * template only fills in the message; the admin may as well write it.
 */
export function SendMessageModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [patient, setPatient] = useState<{ id: string; fullName: string } | null>(null);
  const [templateId, setTemplateId] = useState('');
  const patients = usePatientPicker(useDebouncedValue(search.trim()));
  const adminTemplates = useAdminTemplates();
  const send = useSendPatientMessage();
  // The patient, then the body as the route checks it; the spec words no toast for either, so
  // the error shows at its field, which gets focus.
  const form = useDomainForm(ZAdminSendMessageForm, {
    defaultValues: { patientId: '', body: '' },
    toastFirstError: false,
  });
  const templates = [
    ...BUILT_IN_MESSAGE_TEMPLATES,
    ...(adminTemplates.data ?? [])
      .filter((template) => template.templateType === 'message' && template.active)
      .map((template) => ({ ...template, isBuiltIn: false })),
  ];
  // The chosen patient stays listed even when a new search no longer finds it.
  const options = [
    ...(patient && !patients.data?.items.some((item) => item.id === patient.id) ? [patient] : []),
    ...(patients.data?.items ?? []),
  ];

  function fill(nextPatient: typeof patient, nextTemplateId: string) {
    const template = templates.find((item) => item.id === nextTemplateId);
    if (template)
      form.setValue(
        'body',
        nextPatient ? applyMessageTemplate(template.body, nextPatient) : template.body,
        // After a failed send the message's error follows what the template filled in.
        { shouldValidate: form.formState.isSubmitted },
      );
  }

  function handlePatientChange(id: string) {
    const next = options.find((item) => item.id === id) ?? null;
    setPatient(next ? { id: next.id, fullName: next.fullName } : null);
    fill(next, templateId);
  }

  function close() {
    setSearch('');
    setPatient(null);
    setTemplateId('');
    form.reset();
    onClose();
  }

  function handleValid({ patientId, body }: z.output<typeof ZAdminSendMessageForm>) {
    const isBuiltIn = BUILT_IN_MESSAGE_TEMPLATES.some((template) => template.id === templateId);
    send.mutate(
      {
        patientId,
        body,
        // Built-in templates have no row to refer to.
        templateId: templateId && !isBuiltIn ? templateId : null,
      },
      {
        onSuccess: () => {
          toast.success(MESSAGE_TEXTS.sent);
          close();
        },
        onError: () => toast.error(MESSAGE_TEXTS.sendFailed),
      },
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Send Message"
      description="The message is posted to the patient's Team Messages."
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
        <div>
          <Label htmlFor="send-patient-search">Find patient</Label>
          <Input
            id="send-patient-search"
            type="search"
            placeholder="Search by name..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <FormField
          id="send-patient"
          label="Patient"
          error={form.formState.errors.patientId?.message}
          isRequired
        >
          <Select
            {...form.register('patientId', {
              onChange: (event: React.ChangeEvent<HTMLSelectElement>) =>
                handlePatientChange(event.target.value),
            })}
            value={patient?.id ?? ''}
          >
            <option value="">{patients.isPending ? 'Loading...' : 'Select a patient...'}</option>
            {options.map((item) => (
              <option key={item.id} value={item.id}>
                {item.fullName}
              </option>
            ))}
          </Select>
        </FormField>
        <div>
          <Label htmlFor="send-template">Template (optional)</Label>
          <Select
            id="send-template"
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              fill(patient, event.target.value);
            }}
          >
            <option value="">No template: write the message below</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </Select>
        </div>
        <FormField
          id="send-body"
          label="Message"
          error={form.formState.errors.body?.message}
          isRequired
        >
          <Textarea rows={5} {...form.register('body')} />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
