import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_TEXTS,
} from '@casebridge/domain/messages/message.schemas';
import {
  applyMessageTemplate,
  type ComposerTemplate,
} from '@casebridge/domain/messages/message-templates';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Textarea } from '#src/components/ui/input.tsx';
import { useSendMessage } from '#src/features/messages/api/messages-api.ts';
import { TemplatePicker } from './template-picker.tsx';

export function MessageComposer({ patient }: { patient: TPatientDetail }) {
  const [body, setBody] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [notifyByEmail, setNotifyByEmail] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const sendMessage = useSendMessage(patient.id);
  const bodyId = useId();
  const notifyId = useId();
  const isBlank = body.trim() === '';

  function handleSend() {
    const trimmed = body.trim();
    // One send at a time (spec section 4); a blank body is never sent (section 5).
    if (!trimmed || sendMessage.isPending) return;
    sendMessage.mutate(
      { body: trimmed, templateId, notifyByEmail },
      {
        onSuccess: (result) => {
          setBody('');
          setTemplateId(null);
          setNotifyByEmail(false);
          if (result.emailStatus === 'failed') toast.warning(MESSAGE_TEXTS.sentButEmailFailed);
          else toast.success(MESSAGE_TEXTS.sent);
          if (result.emailStatus === 'disabled')
            toast.info('E-mail notifications are turned off by an administrator');
        },
        onError: () => toast.error(MESSAGE_TEXTS.sendFailed),
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    handleSend();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter adds a newline; an IME composition keeps its Enter.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleSend();
  }

  function handlePickTemplate(template: ComposerTemplate) {
    setBody(applyMessageTemplate(template.body, patient));
    setTemplateId(template.isBuiltIn ? null : template.id);
    textareaRef.current?.focus();
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-3 border-t border-border p-3 sm:p-4">
      <TemplatePicker onPick={handlePickTemplate} isDisabled={sendMessage.isPending} />
      <div>
        <label htmlFor={bodyId} className="sr-only">
          Message
        </label>
        <Textarea
          ref={textareaRef}
          id={bodyId}
          rows={3}
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          placeholder={MESSAGE_TEXTS.placeholder}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (event.target.value === '') setTemplateId(null);
          }}
          onKeyDown={handleKeyDown}
          className="resize-y"
        />
        <p className="mt-1 text-xs text-ink-muted">Enter to send, Shift+Enter for a new line</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <input
            id={notifyId}
            type="checkbox"
            checked={notifyByEmail}
            onChange={(event) => setNotifyByEmail(event.target.checked)}
            className="h-4 w-4 rounded border-border accent-[var(--color-brand)]"
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
