/**
 * The web app rendered to HTML outside the browser, by the app's own components: built for Node
 * by vite.config.ts (renderPages) into `<dist>-server/server-render.js`. The build writes each of
 * PRERENDERED_PAGES, as a visitor without a session sees it, into dist/prerendered/; the server
 * (apps/server/src/web-pages.ts) renders a signed-in user's own dashboard with that request's
 * session, and puts the session in every signed-in page with `fillDocument`. Either way the first
 * screen shows before the app's code has arrived, and main.tsx hydrates it: the same tree, taking
 * over the same elements. Nothing here fetches: data a page shows later renders as its
 * placeholders, and parts loaded on demand as their fallbacks.
 */
import type { TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { deferLazyParts } from '#src/lib/lazy-boundary.tsx';
import { createQueryClient } from '#src/lib/query-client.ts';
import { sessionQueryKey } from '#src/lib/session.ts';
import { App } from './app.tsx';
import { routes, whenRouterReady, type AppRouter } from './router.tsx';

export { fillDocument } from './document.ts';

// Lazy parts render their fallbacks here, as in the browser's hydrating render (lib/lazy-boundary).
deferLazyParts(true);

/** Pages the build writes as HTML: public, and the same for every visitor without a session. */
export const PRERENDERED_PAGES = ['/login'] as const;

/**
 * The markup of the root element for `url` (path and query) as the app first renders it with
 * `session`. A page that would leave for another address at once (a guard's redirect) renders
 * what the guard renders, nothing: only pages the session may open are rendered.
 */
export async function renderPage(url: string, session: TSessionResponse | null): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] }) as AppRouter;
  try {
    await whenRouterReady(router);
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, session);
    const app = (
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>
    );
    // The app is written against React's types; it is Preact's elements here as in the browser.
    return await renderToStringAsync(app as unknown as VNode);
  } finally {
    router.dispose();
  }
}
