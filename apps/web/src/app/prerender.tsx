/**
 * The build's server-side entry (vite.config.ts, prerenderPages): the first screen of a public
 * page as HTML, for a visitor without a session. The server sends it for that address when the
 * request has no session cookie, so the page is on screen before the app's code has arrived;
 * main.tsx then renders the same tree over it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from '#src/lib/query-client.ts';
import { sessionQueryKey } from '#src/lib/session.ts';
import { App } from './app.tsx';
import { routes, whenRouterReady, type AppRouter } from './router.tsx';

/** The pages sent as HTML: public, and the same for every visitor without a session. */
export const PRERENDERED_PAGES = ['/login'] as const;

export async function prerender(pathname: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [pathname] }) as AppRouter;
  await whenRouterReady(router);
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  const html = renderToString(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}
