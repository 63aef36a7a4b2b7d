import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { LazyBoundary } from './lazy-boundary.tsx';
import { lazyComponent } from './lazy-component.ts';

/**
 * The question is only ever asked while a form holds unsaved changes: its dialog, and the dialog
 * library, are fetched when a form first reports changes, not with every signed-in page
 * (README, 'Bundle budget'). By the time the user navigates away the dialog is there.
 */
const LeaveDialog = lazyComponent(
  () => import('#src/components/ui/confirm-dialog.tsx'),
  (module) => module.ConfirmDialog,
);

type Registry = { setDirty: (id: string, isDirty: boolean) => void };

const UnsavedChangesContext = createContext<Registry | null>(null);

export const LEAVE_PROMPT = {
  title: 'Leave without saving?',
  message: 'You have changes that are not saved. If you leave now, they will be lost.',
  leave: 'Leave',
  stay: 'Stay',
} as const;

/**
 * One guard for the signed-in app: while any form on the page holds unsaved changes, a
 * navigation inside the app (a link, a tab, back) asks first, and closing or reloading the tab
 * gets the browser's own question. Forms report through `useUnsavedChangesGuard`.
 */
export function UnsavedChangesProvider({ children }: { children: React.ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const hasUnsavedChanges = dirtyForms.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return undefined;
    LeaveDialog.preload();
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);

  const setDirty = useCallback((id: string, isDirty: boolean) => {
    setDirtyForms((current) => {
      if (current.has(id) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  // A stable registry: the forms' effects depend on it, and a new one on each render would
  // make each form unregister and register again, re-rendering this provider without end.
  const registry = useMemo(() => ({ setDirty }), [setDirty]);

  const leave = () => {
    setDirtyForms(new Set());
    blocker.proceed?.();
  };

  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      {blocker.state === 'blocked' ? (
        <LazyBoundary fallback={null}>
          <LeaveDialog.Component
            isOpen
            title={LEAVE_PROMPT.title}
            message={LEAVE_PROMPT.message}
            confirmLabel={LEAVE_PROMPT.stay}
            cancelLabel={LEAVE_PROMPT.leave}
            onConfirm={() => blocker.reset?.()}
            onCancel={leave}
            onDismiss={() => blocker.reset?.()}
          />
        </LazyBoundary>
      ) : null}
    </UnsavedChangesContext.Provider>
  );
}

/** Reports a form's unsaved changes to the page's guard; they stop counting when it unmounts. */
export function useUnsavedChangesGuard(isDirty: boolean): void {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    registry?.setDirty(id, isDirty);
  }, [registry, id, isDirty]);
  useEffect(() => () => registry?.setDirty(id, false), [registry, id]);
}
