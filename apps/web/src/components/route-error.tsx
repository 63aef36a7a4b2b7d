import { useEffect } from 'react';
import { useRevalidator, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunkError } from '#src/lib/chunk-load-error.ts';
import { ErrorFallback } from './error-fallback.tsx';

/**
 * The spec's error screen for a route whose code, data or render failed, in place of React
 * Router's developer screen. A page whose code is gone after a deploy reloads once by itself.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const revalidator = useRevalidator();

  useEffect(() => {
    console.error('Route error', error);
    // The screen shows meanwhile: it is what stays when the guard holds the reload back.
    if (isChunkLoadError(error)) reloadOnceForChunkError();
  }, [error]);

  // Revalidating runs the failed route's loader again, which retries its page's import
  // (app/lazy-page.tsx); React Router also clears a caught render error once it has revalidated.
  return <ErrorFallback onTryAgain={() => void revalidator.revalidate()} />;
}
