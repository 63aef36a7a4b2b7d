import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { LEAVE_PROMPT } from './unsaved-changes.tsx';

/**
 * Closing a dialog that holds an edit with unsaved changes (Cancel, Escape, the close button)
 * asks first, as leaving the page does (lib/unsaved-changes.tsx): `requestClose` closes at once
 * when nothing was typed, otherwise opens `prompt`, which the dialog renders.
 */
export function useDialogCloseGuard(
  isDirty: boolean,
  onClose: () => void,
): { requestClose: () => void; prompt: ReactNode } {
  const [isAsking, setIsAsking] = useState(false);
  const stay = () => setIsAsking(false);
  return {
    requestClose: () => (isDirty ? setIsAsking(true) : onClose()),
    prompt: (
      <ConfirmDialog
        isOpen={isAsking}
        title={LEAVE_PROMPT.title}
        message={LEAVE_PROMPT.message}
        confirmLabel={LEAVE_PROMPT.stay}
        cancelLabel={LEAVE_PROMPT.leave}
        onConfirm={stay}
        onCancel={() => {
          stay();
          onClose();
        }}
        onDismiss={stay}
      />
    ),
  };
}
