import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_TEXTS,
  ZSendMessageRequest,
  type TSendMessageParsed,
} from '@casebridge/domain/messages/message.schemas';
import {
  applyMessageTemplate,
  type ComposerTemplate,
} from '@casebridge/domain/messages/message-templates';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Send } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Textarea } from '#src/components/ui/input.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useSendMessage } from '#src/features/messages/api/messages-api.ts';
import { TemplatePicker } from './template-picker.tsx';

/**
 * The thread's composer. The server's send schema checks it: the body is trimmed and may not be
 * blank (spec section 5), so the send button is disabled while it is, and Enter on a blank body
 * says so at the field instead of sending.
 */
export function MessageComposer({ patient }: { patient: TPatientDetail }) {
  const sendMessage = useSendMessage(patient.id);
  const form = useDomainForm(ZSendMessageRequest, {
    defaultValues: { body: '', templateId: null, notifyByEmail: false },
    toastFirstError: false,
  });
  const body = useWatch({ control: form.control, name: 'body' }) ?? '';
  const bodyId = useId();
  const notifyId = useId();
  const isBlank = body.trim() === '';

  function handleValid(values: TSendMessageParsed) {
    // One send at a time (spec section 4).
    if (sendMessage.isPending) return;
    // The user may leave the thread before the answer, and a message that failed to send must
    // still be said (architecture.md, 'Outcomes of a change').
    sendMessage.mutateAsync(values).then(
      (result) => {
        form.reset();
        if (result.emailStatus === 'failed') toast.warning(MESSAGE_TEXTS.sentButEmailFailed);
        else toast.success(MESSAGE_TEXTS.sent);
        if (result.emailStatus === 'disabled')
          toast.info('E-mail notifications are turned off by an administrator');
      },
      () => toast.error(MESSAGE_TEXTS.sendFailed),
    );
  }

  const handleSubmit = form.submitWith(handleValid);

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter adds a newline; an IME composition keeps its Enter.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void handleSubmit();
  }

  function handlePickTemplate(template: ComposerTemplate) {
    form.setValue('body', applyMessageTemplate(template.body, patient), {
      shouldValidate: form.formState.isSubmitted,
    });
    form.setValue('templateId', template.isBuiltIn ? null : template.id);
    form.setFocus('body');
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="space-y-3 border-t border-border p-3 sm:p-4"
    >
      <TemplatePicker onPick={handlePickTemplate} isDisabled={sendMessage.isPending} />
      <FormField
        id={bodyId}
        label="Message"
        labelClassName="sr-only"
        error={form.formState.errors.body?.message}
        hint="Enter to send, Shift+Enter for a new line"
      >
        <Textarea
          rows={3}
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          placeholder={MESSAGE_TEXTS.placeholder}
          onKeyDown={handleKeyDown}
          className="resize-y"
          {...form.register('body', {
            // A cleared text no longer comes from the template it started from.
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value === '') form.setValue('templateId', null);
            },
          })}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <input
            id={notifyId}
            type="checkbox"
            className="h-4 w-4 rounded border-border accent-[var(--color-brand)]"
            {...form.register('notifyByEmail')}
          />
          <label htmlFor={notifyId} className="text-sm text-ink">
            {MESSAGE_TEXTS.notifyByEmail}
          </label>
        </div>
        <Button type="submit" aria-label="Send message" disabled={isBlank || sendMessage.isPending}>
          <Send className="h-4 w-4" aria-hidden />
          {sendMessage.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
