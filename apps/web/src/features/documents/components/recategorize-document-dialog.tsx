import { getUploadableDocumentCategories } from '@casebridge/domain/documents/document.policy';
import {
  DOCUMENT_MESSAGES,
  ZDocument,
  ZRecategorizeDocumentRequest,
  type TDocument,
} from '@casebridge/domain/documents/document.schemas';
import { toast } from 'sonner';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/input.tsx';
import { RecordEditDialog } from '#src/components/ui/record-edit-dialog.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useRecordEditing } from '#src/lib/record-editing.ts';
import { useRecategorizeDocument } from '#src/features/documents/api/documents-api.ts';

const toValues = (document: TDocument) => ({ category: document.category });

/**
 * Change category: the categories the user may upload to (domain document.policy.ts). `document`
 * is the document as the list now holds it, so a change someone else makes meanwhile is offered
 * for review instead of being typed over, and a save made from an older version is refused and
 * shown the same way. Who may see the document follows the new category at once (Intake).
 */
export function RecategorizeDocumentDialog({
  patientId,
  document,
  onClose,
}: {
  patientId: string;
  document: TDocument;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const recategorize = useRecategorizeDocument(patientId);
  const form = useDomainForm(ZRecategorizeDocumentRequest, {
    defaultValues: toValues(document),
    toastFirstError: false,
  });
  const editing = useRecordEditing({
    record: document,
    form,
    toValues,
    labels: { category: 'Category' },
    parse: (current) => ZDocument.safeParse(current).data ?? null,
  });

  function handleValid({ category }: { category: TDocument['category'] }) {
    recategorize.mutate(
      { document: { ...document, version: editing.baseVersion }, body: { category } },
      {
        onSuccess: (saved) => {
          editing.onSaved(saved);
          toast.success(DOCUMENT_MESSAGES.recategorized(saved.fileName, saved.category));
          onClose();
        },
        onError: (failure) => {
          if (editing.onSaveError(failure)) return;
          toast.error(getErrorMessage(failure, 'Failed to change the category'));
        },
      },
    );
  }

  return (
    <RecordEditDialog
      title="Change Category"
      description={`File "${document.fileName}" under another category. Who can see it follows the new category at once.`}
      editing={editing}
      isDirty={form.formState.isDirty}
      isSaving={recategorize.isPending}
      onSubmit={form.submitWith(handleValid)}
      onClose={onClose}
      className="w-[min(28rem,calc(100%-2rem))]"
    >
      <FormField
        id="recategorize-category"
        label="Category"
        error={form.formState.errors.category?.message}
      >
        <Select {...form.register('category')}>
          {getUploadableDocumentCategories(user).map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </FormField>
    </RecordEditDialog>
  );
}
