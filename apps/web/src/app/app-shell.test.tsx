import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '#src/features/auth/components/require-auth.tsx';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AppShell } from './app-shell.tsx';

let shouldThrow = false;
function Flaky() {
  if (shouldThrow) throw new Error('render failed');
  return <h1>Patient page</h1>;
}

/** Inside the real guard, as in the app: signing out unmounts the shell and leaves for /login. */
function renderShell(initialPath: string) {
  return renderWithProviders(<RequireAuth />, {
    route: initialPath,
    session: signedInAs('clinic'),
    api: {
      'GET /notifications': { items: [], nextCursor: null, unreadCount: 0 },
      'POST /auth/logout': undefined,
    },
    children: [
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
    ],
    routes: [{ path: '/login', element: <h1>Sign in</h1> }],
  });
}

beforeEach(() => {
  shouldThrow = false;
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

describe('AppShell account menu', () => {
  it('shows the e-mail, the organisation badge and Sign out', async () => {
    const { router, api } = renderShell('/directory');
    const user = userEvent.setup();
    // The menu's code arrives just after the header (header-menus.tsx): wait for the control
    // (the first import of the menu library is slow under test).
    await user.click(
      await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }),
    );
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(within(menu).getByText('clinic@demo.test')).toBeInTheDocument();
    expect(within(menu).getByText('Harbor Physical Therapy')).toBeInTheDocument();
    expect(within(menu).getByText('Clinic')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Security' })).toHaveAttribute(
      'href',
      '/security',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/auth/logout' }),
    );
    await expect.poll(() => latestToast('success')).toBe('Signed out successfully');
  });
});
