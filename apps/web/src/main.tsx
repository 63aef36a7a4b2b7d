import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readEarlyInput, replayEarlyInput } from './app/first-screen.ts';
import { createRouter, whenRouterReady } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { sessionQueryOptions } from './lib/session.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');
const root = container;
const router = createRouter();
const queryClient = createQueryClient();

function start() {
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  // From here a submitted form is the app's to handle (public/page-init.js held them until now).
  document.documentElement.setAttribute('data-app-started', '');
}

if (root.hasAttribute('data-prerendered')) {
  // The page came as HTML (app/prerender.tsx). Rendering now would put the router's empty
  // first-load screen over it: wait for the page's code and the session, which it shows.
  void Promise.all([whenRouterReady(router), queryClient.prefetchQuery(sessionQueryOptions)])
    // A task of its own: the page's code has just run, and one long task would hold the input.
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => {
      const early = readEarlyInput(root);
      start();
      replayEarlyInput(root, early);
    });
} else {
  start();
}
