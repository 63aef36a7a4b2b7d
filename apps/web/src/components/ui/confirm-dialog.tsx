import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Button } from './button.tsx';
import { MODAL_PLACEMENT_STYLE } from '#src/components/layouts/toast-area.ts';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  onDismiss: () => void;
};

/** A question with two answers and a way out (Escape or the overlay dismisses without choosing). */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  onDismiss,
}: ConfirmDialogProps) {
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          role="alertdialog"
          // A question is answered, not dismissed by a stray click or focus elsewhere (an
          // alert dialog, WAI-ARIA); Escape still dismisses it.
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed left-1/2 z-50 w-[min(28rem,calc(100%-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-xl"
          style={MODAL_PLACEMENT_STYLE}
        >
          <DialogPrimitive.Title className="text-lg font-semibold text-ink">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-2 text-sm text-ink">
            {message}
          </DialogPrimitive.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button onClick={onConfirm}>{confirmLabel}</Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
