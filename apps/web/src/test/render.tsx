import type { TSessionResponse } from '@casebridge/domain/auth/auth.schemas';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '#src/app/providers.tsx';
import { sessionQueryKey } from '#src/lib/session.ts';
import { installFakeApi, type FakeApi, type FakeRoutes } from './fake-api.ts';

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

export type RenderOptions = {
  /** Where the memory router starts; `ui` is mounted at this path unless `path` says otherwise. */
  route?: InitialEntry;
  /** Pages visited before `route`, so going back has somewhere to go. */
  history?: InitialEntry[];
  /** The route pattern `ui` is mounted at, e.g. '/patients/:id'. */
  path?: string;
  /** Child routes: `ui` is then a layout (a guard, the app shell) rendering them in its Outlet. */
  children?: RouteObject[];
  /** Other pages the test may land on, e.g. `{ path: '/login', element: <h1>Sign in</h1> }`. */
  routes?: RouteObject[];
  /**
   * The signed-in session (`signedInAs('clinic')`), null for signed out (the default), or
   * 'from-api' to let the app ask GET /auth/session of the fake API as it does on start.
   */
  session?: TSessionResponse | null | 'from-api';
  /** The fake API's routes, see fake-api.ts. */
  api?: FakeRoutes;
  /** A cache prepared by the test; its session entry is left as the test set it. */
  queryClient?: QueryClient;
};

export type RenderWithProvidersResult = RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  api: FakeApi;
};

/** The app's cache without retries: a failing request fails the test's expectations at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** A live-event stream that stays connecting: pages that open one render without a server. */
class SilentEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = SilentEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.readyState = SilentEventSource.CLOSED;
  }
}

const pathnameOf = (entry: InitialEntry) =>
  (typeof entry === 'string' ? entry : entry.pathname).split('?')[0] ?? '/';

/**
 * Renders `ui` inside the app's real providers (theme, query cache, auth, toaster) and a memory
 * router, with `fetch` answered by a fake API. Toasts appear on screen as users see them.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderWithProvidersResult {
  const { route = '/', history = [], children, routes = [], session = null } = options;
  const api = installFakeApi(options.api);
  // A test that drives the stream itself has installed its own stand-in.
  if (!('EventSource' in globalThis)) vi.stubGlobal('EventSource', SilentEventSource);
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (!options.queryClient && session !== 'from-api') {
    queryClient.setQueryData(sessionQueryKey, session);
  }
  const mounted: RouteObject = children
    ? { element: ui, children }
    : { path: options.path ?? pathnameOf(route), element: ui };
  const initialEntries = [...history, route];
  const router = createMemoryRouter([mounted, ...routes], {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, api };
}
