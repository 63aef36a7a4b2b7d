import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';
import { MODAL_PLACEMENT_STYLE } from '#src/components/layouts/toast-area.ts';

/** Marks a control that uses Escape itself while it says so (`MultiSelect`'s search field). */
export const CLEARS_ON_ESCAPE = '[data-clears-on-escape="true"]';

type DialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
};

/** A modal with a labelled title, focus trap, Escape to close and a close button. */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  className,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed left-1/2 z-50 w-[min(36rem,calc(100%-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-xl',
            className,
          )}
          // Below the toast band, so no toast covers the modal's controls.
          style={MODAL_PLACEMENT_STYLE}
          onEscapeKeyDown={(event) => {
            // A control with something of its own to clear (a picker's filter) takes this Escape.
            if (event.target instanceof Element && event.target.closest(CLEARS_ON_ESCAPE))
              event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold text-ink">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              className="rounded-md p-1 text-ink-muted hover:bg-surface-muted hover:text-ink"
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
