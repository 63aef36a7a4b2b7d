import {
  applyMessageTemplate,
  BUILT_IN_MESSAGE_TEMPLATES,
} from '@casebridge/domain/messages/message-templates';
import { MESSAGE_TEXTS } from '@casebridge/domain/messages/message.schemas';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Input, Label, Select, Textarea } from '#src/components/ui/input.tsx';
import { useDebouncedValue } from '#src/lib/use-debounced-value.ts';
import {
  usePatientPicker,
  useSendPatientMessage,
} from '#src/features/admin/api/send-message-api.ts';
import { useAdminTemplates } from '#src/features/admin/api/templates-api.ts';

const PICK_PATIENT_MESSAGE = 'Please select a patient';

/**
 * Admin 'Send Message': a patient and a message, sent into that patient's Team Messages. A
 * template only fills in the message; the admin may as well write it.
 */
export function SendMessageModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [patient, setPatient] = useState<{ id: string; fullName: string } | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [body, setBody] = useState('');
  const patients = usePatientPicker(useDebouncedValue(search.trim()));
  const adminTemplates = useAdminTemplates();
  const send = useSendPatientMessage();
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
      setBody(nextPatient ? applyMessageTemplate(template.body, nextPatient) : template.body);
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
    setBody('');
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!patient) return void toast.error(PICK_PATIENT_MESSAGE);
    if (!body.trim()) return void toast.error(MESSAGE_TEXTS.bodyRequired);
    const isBuiltIn = BUILT_IN_MESSAGE_TEMPLATES.some((template) => template.id === templateId);
    send.mutate(
      {
        patientId: patient.id,
        body: body.trim(),
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
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
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
        <div>
          <Label htmlFor="send-patient">Patient</Label>
          <Select
            id="send-patient"
            aria-required="true"
            value={patient?.id ?? ''}
            onChange={(event) => handlePatientChange(event.target.value)}
          >
            <option value="">{patients.isPending ? 'Loading...' : 'Select a patient...'}</option>
            {options.map((item) => (
              <option key={item.id} value={item.id}>
                {item.fullName}
              </option>
            ))}
          </Select>
        </div>
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
        <div>
          <Label htmlFor="send-body">Message</Label>
          <Textarea
            id="send-body"
            aria-required="true"
            rows={5}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </div>
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
