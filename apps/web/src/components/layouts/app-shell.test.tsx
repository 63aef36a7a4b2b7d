import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../features/theme/theme-context.tsx';
import { AppShell } from './app-shell.tsx';

const toast = vi.hoisted(() => ({
  success: vi.fn<(message: string) => void>(),
  error: vi.fn<(message: string) => void>(),
}));
vi.mock('sonner', () => ({ toast }));
vi.mock('../../lib/event-stream.ts', () => ({ useEventStream: () => undefined }));
vi.mock('../../features/notifications/components/notification-bell.tsx', () => ({
  NotificationBell: () => null,
}));
const USER = {
  id: 'u1',
  email: 'clinic@demo.test',
  displayName: 'Casey Harbor',
  role: 'clinic',
  organization: { id: 'o1', name: 'Harbor Physical Therapy', kind: 'clinic' },
  createdAt: '2026-01-01T00:00:00.000Z',
};
vi.mock('../../features/auth/auth-context.tsx', () => ({
  useCurrentUser: () => USER,
  useAuth: () => ({ user: USER, idleTimeoutMinutes: 60 }),
}));

let shouldThrow = false;
function Flaky() {
  if (shouldThrow) throw new Error('render failed');
  return <h1>Patient page</h1>;
}

function renderShell(initialPath: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/patients/p1', element: <Flaky /> },
          {
            path: '/directory',
            element: (
              <>
                <h1>Directory</h1>
                <Link to="/patients/p1">Open patient</Link>
              </>
            ),
          },
        ],
      },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [initialPath] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

beforeEach(() => {
  shouldThrow = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('AppShell error boundary', () => {
  beforeEach(() => {
    // React reports the caught render error on the console; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('keeps the header usable while a page fails and clears the error on navigation', async () => {
    shouldThrow = true;
    renderShell('/patients/p1');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    // The header survives the failing page.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    shouldThrow = false;
    await userEvent.click(within(nav).getByRole('link', { name: 'Directory' }));
    expect(await screen.findByRole('heading', { name: 'Directory' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    // And the page that failed renders again when it works.
    await userEvent.click(screen.getByRole('link', { name: 'Open patient' }));
    expect(await screen.findByRole('heading', { name: 'Patient page' })).toBeInTheDocument();
  });
});

describe('AppShell account menu', { timeout: 15_000 }, () => {
  it('shows the e-mail, the organisation badge and Sign out', async () => {
    const router = renderShell('/directory');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(within(menu).getByText('clinic@demo.test')).toBeInTheDocument();
    expect(within(menu).getByText('Harbor Physical Therapy')).toBeInTheDocument();
    expect(within(menu).getByText('Clinic')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(toast.success).toHaveBeenCalledWith('Signed out successfully');
  });
});
