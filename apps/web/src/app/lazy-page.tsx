import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorScreen } from '#src/components/route-error.tsx';

/**
 * A route whose component is a named export of a module loaded on demand, with the spec's error
 * screen in its place (inside its layouts) when it fails.
 *
 * React Router calls a route's `lazy` once and keeps a rejected promise for good, so a page whose
 * chunk failed could never load again without a reload. Hence `lazy` never rejects: after a
 * failure it gives the route a loader that reports that failure first and retries the import on
 * each later run (Try Again revalidates), and a component that shows the page once it has come.
 */
export function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  let Page: ComponentType | undefined;
  const loadPage = async () => {
    Page ??= pick(await load());
    return Page;
  };
  function RetriedPage() {
    return Page ? <Page /> : null;
  }
  return {
    ErrorBoundary: RouteErrorScreen,
    lazy: async () => {
      try {
        return { Component: await loadPage() };
      } catch (error) {
        let failure: unknown = error;
        return {
          Component: RetriedPage,
          loader: async () => {
            if (failure !== undefined) {
              const reported = failure;
              failure = undefined;
              throw reported;
            }
            await loadPage();
            return null;
          },
        };
      }
    },
  };
}
