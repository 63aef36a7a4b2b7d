import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../features/auth/auth-context.tsx';
import { ThemeProvider } from '../../features/theme/theme-context.tsx';
import { LoginPage } from './login-page.tsx';

vi.mock('sonner', () => ({
  toast: { success: vi.fn<(message: string) => void>(), error: vi.fn<(message: string) => void>() },
}));

const SESSION = {
  user: {
    id: 'u1',
    email: 'attorney@demo.test',
    displayName: 'Morgan Hale',
    role: 'attorney',
    organization: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  idleTimeoutMinutes: 60,
  canCreatePatients: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Landing() {
  const location = useLocation();
  return <p>Landed on {location.pathname + location.search}</p>;
}

/** Signed out at first; POST /auth/login answers the session. */
function renderLogin(state: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/login' && init?.method === 'POST') return json(SESSION);
      if (url === '/api/auth/session') return json(null);
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [{ pathname: '/login', state }] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

async function signIn() {
  await userEvent.type(await screen.findByLabelText('Email'), 'attorney@demo.test');
  await userEvent.type(screen.getByLabelText('Password'), 'demo-password-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('returns to the saved deep link, query string included, after signing in', async () => {
    renderLogin({ from: '/patients/p1?tab=messages' });
    await signIn();
    expect(await screen.findByText('Landed on /patients/p1?tab=messages')).toBeInTheDocument();
  });

  it('goes to /dashboard when nothing was saved', async () => {
    renderLogin(null);
    await signIn();
    expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
  });

  it('refuses a saved location on another origin', async () => {
    renderLogin({ from: '//evil.example/steal' });
    await signIn();
    expect(await screen.findByText('Landed on /dashboard')).toBeInTheDocument();
  });
});
