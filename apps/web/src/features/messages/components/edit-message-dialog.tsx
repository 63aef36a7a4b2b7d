import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_CORRECTION_TEXTS,
  ZEditMessageRequest,
  ZMessage,
  type TMessage,
} from '@casebridge/domain/messages/message.schemas';
import { toast } from 'sonner';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Textarea } from '#src/components/ui/input.tsx';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useEditMessage } from '#src/features/messages/api/messages-api.ts';

const toValues = (message: TMessage) => ({ body: message.body ?? '' });

/**
 * Edit Message: the sender's text, within MESSAGE_EDIT_WINDOW_MINUTES of sending (the server
 * decides by its clock). `message` is the thread's live copy, so a change made meanwhile (in
 * another tab) is offered for review, and a save from an older version is refused and shown.
 */
export function EditMessageDialog({
  message,
  onClose,
}: {
  message: TMessage;
  onClose: () => void;
}) {
  const edit = useEditMessage(message.patientId);
  const form = useDomainForm(ZEditMessageRequest, {
    defaultValues: toValues(message),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record: message,
    form,
    toValues,
    labels: { body: 'Message' },
    parse: (current) => ZMessage.safeParse(current).data ?? null,
  });

  function handleValid({ body }: { body: string }) {
    edit.mutate(
      { message: { ...message, version: editing.baseVersion }, body: { body } },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(MESSAGE_CORRECTION_TEXTS.saved);
          onClose();
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, 'Failed to edit the message'));
        },
      },
    );
  }

  return (
    <RecordEditDialog
      title="Edit Message"
      description="Everyone on the case sees that it was edited."
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={edit.isPending}
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
    >
      <FormField id="edit-message-body" label="Message" error={form.formState.errors.body?.message}>
        <Textarea rows={5} maxLength={MESSAGE_BODY_MAX_LENGTH} {...form.register('body')} />
      </FormField>
    </RecordEditDialog>
  );
}
