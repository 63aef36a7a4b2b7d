import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readPageSession } from './app/document.ts';
import { readEarlyInput, replayEarlyInput } from './app/first-screen.ts';
import { createRouter, whenRouterReady } from './app/router.tsx';
import { deferLazyParts } from './lib/lazy-boundary.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { sessionQueryKey, sessionQueryOptions } from './lib/session.ts';
import { RENDERED_PAGE_THEME } from './lib/theme-context.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');
const root = container;
const router = createRouter();
const queryClient = createQueryClient();
// The session the server read for this page, when it sent one: no request to ask for it.
const pageSession = readPageSession();
if (pageSession !== undefined) queryClient.setQueryData(sessionQueryKey, pageSession);

/**
 * Renders the app into the root, or with `hydrate` takes over the server's markup of this page in
 * it: the same elements, so nothing is rebuilt and the focus and what was typed stay put.
 */
function start(hydrate: boolean) {
  const app = (
    <StrictMode>
      <App
        router={router}
        queryClient={queryClient}
        renderedTheme={hydrate ? RENDERED_PAGE_THEME : undefined}
      />
    </StrictMode>
  );
  if (hydrate) {
    // As the server rendered it: lazy parts as their fallbacks, then themselves (lib/lazy-boundary).
    deferLazyParts(true);
    hydrateRoot(root, app);
    deferLazyParts(false);
  } else {
    createRoot(root).render(app);
  }
  // From here a submitted form is the app's to handle (public/page-init.js held them until now).
  document.documentElement.setAttribute('data-app-started', '');
}

if (root.hasAttribute('data-prerendered')) {
  // The page came as HTML (app/server-render.tsx). Hydrating it now would meet the router's empty
  // first-load screen: wait for the page's code and the session, which it shows.
  void Promise.all([whenRouterReady(router), queryClient.prefetchQuery(sessionQueryOptions)])
    // A task of its own: the page's code has just run, and one long task would hold the input.
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => {
      const early = readEarlyInput(root);
      start(true);
      replayEarlyInput(root, early);
    });
} else {
  start(false);
}
