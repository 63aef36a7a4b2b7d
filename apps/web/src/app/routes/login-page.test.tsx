import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { LoginPage } from './login-page.tsx';

function Landing() {
  const location = useLocation();
  return <p>Landed on {location.pathname + location.search}</p>;
}

/** Signed out at first (the server answers no session); POST /auth/login answers the session. */
function renderLogin(state: unknown) {
  renderWithProviders(<LoginPage />, {
    route: { pathname: '/login', state },
    session: 'from-api',
    api: {
      'GET /auth/session': null,
      'POST /auth/login': signedInAs('attorney', { user: { organization: null } }),
    },
    routes: [{ path: '*', element: <Landing /> }],
  });
}

async function signIn() {
  await userEvent.type(await screen.findByLabelText('Email'), 'attorney@demo.test');
  await userEvent.type(screen.getByLabelText('Password'), 'demo-password-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

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
