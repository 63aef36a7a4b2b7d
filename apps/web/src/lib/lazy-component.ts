import { lazy, type ComponentType } from 'react';

/**
 * A component loaded on demand from a module's named export, for `<Suspense>`. The returned
 * `preload` starts the download early (on hover or focus of what opens it) and is safe to call
 * again: the module is fetched once.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        // A failed download may be retried by the next attempt to show the component.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // A preload that fails is reported when the component is actually shown, not here.
  const preload = () => void loadOnce().catch(() => undefined);
  return { Component: lazy(loadOnce), preload };
}
