import type { Theme } from '@casebridge/domain/constants';
import { getDashboardPath } from '@casebridge/domain/roles';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useAuth } from '#src/lib/auth-context.tsx';
import { AppProviders } from './providers.tsx';
import { preloadOnLinkIntent, preloadRoute } from './route-preload.ts';
import { routes, type AppRouter } from './router.tsx';

/**
 * Fetches page chunks ahead of need: a link's page when the link is hovered or focused, and once
 * a session is known, the user's own dashboard as soon as the browser is idle after first paint.
 */
function RoutePreloader() {
  const { user } = useAuth();
  const role = user?.role;
  useEffect(() => preloadOnLinkIntent(routes), []);
  useEffect(() => {
    if (!role) return;
    const preload = () => preloadRoute(routes, getDashboardPath(role));
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(preload, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, [role]);
  return null;
}

/**
 * The router and the query cache are made by the caller: main.tsx, or app/server-render.tsx.
 * `renderedTheme`: the theme of server markup the app hydrates.
 */
export function App({
  router,
  queryClient,
  renderedTheme,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  renderedTheme?: Theme;
}) {
  return (
    <AppProviders queryClient={queryClient} renderedTheme={renderedTheme}>
      <RoutePreloader />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
