import { getDashboardPath } from '@casebridge/domain/roles';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useAuth } from '#src/lib/auth-context.tsx';
import { AppProviders } from './providers.tsx';
import { preloadOnLinkIntent, preloadRoute } from './route-preload.ts';
import { createRouter, routes } from './router.tsx';

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

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProviders>
      <RoutePreloader />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
