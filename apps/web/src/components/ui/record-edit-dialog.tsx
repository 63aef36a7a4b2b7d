import type { FormEventHandler, ReactNode } from 'react';
import { useDialogCloseGuard } from '#src/lib/dialog-close-guard.tsx';
import type { RecordEditing } from '#src/lib/record-editing.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { RecordChangedNotice } from './record-changed-notice.tsx';

type RecordEditDialogProps = {
  title: string;
  description?: string;
  /** The form's `useRecordEditing`: a newer version of the record shows above the fields. */
  editing: Pick<RecordEditing<unknown>, 'change' | 'keepMine' | 'useTheirs'>;
  /** Unsaved changes: closing the dialog then asks first. */
  isDirty: boolean;
  isSaving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  /** The dialog's width, when the fields need more room than the default. */
  className?: string;
};

/**
 * The dialog an existing record is edited in (docs/architecture.md, 'Versions'): the fields,
 * Cancel and Save Changes, with RecordChangedNotice above them when someone else changed the
 * record meanwhile, and a question before closing over unsaved changes.
 */
export function RecordEditDialog({
  title,
  description,
  editing,
  isDirty,
  isSaving,
  onSubmit,
  onClose,
  children,
  className = 'w-[min(40rem,calc(100%-2rem))]',
}: RecordEditDialogProps) {
  const guard = useDialogCloseGuard(isDirty, onClose);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => (open ? undefined : guard.requestClose())}
      title={title}
      {...(description ? { description } : {})}
      className={className}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <RecordChangedNotice
          change={editing.change}
          onKeepMine={editing.keepMine}
          onUseTheirs={editing.useTheirs}
        />
        {children}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      {guard.prompt}
    </Dialog>
  );
}
