import { MESSAGES } from '@casebridge/domain/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { replaceSession } from '../api/session.ts';
import { RequireAuth, RequirePatientCreation } from './require-auth.tsx';

type AuthState = {
  user: { role: string } | null;
  isLoading: boolean;
  error: Error | null;
  canCreatePatients: boolean;
};
const auth = vi.hoisted(() => ({ current: null as unknown as AuthState }));
vi.mock('../auth-context.tsx', () => ({ useAuth: () => auth.current }));

const CLINIC = { role: 'clinic' };

function renderAt(
  path: string,
  guard: 'auth' | 'patient-creation',
  queryClient = new QueryClient(),
) {
  const router = createMemoryRouter(
    [
      {
        element: guard === 'auth' ? <RequireAuth /> : <RequirePatientCreation />,
        children: [{ path: '/add-patient', element: <h1>Add New Patient</h1> }],
      },
      { path: '/unauthorized', element: <h1>Unauthorized Access</h1> },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  auth.current = { user: CLINIC, isLoading: false, error: null, canCreatePatients: true };
});

describe('RequireAuth profile errors', () => {
  it.each([MESSAGES.profileMissingRole, MESSAGES.profileNotFound])(
    'shows the server message "%s"',
    (message) => {
      auth.current = {
        ...auth.current,
        user: null,
        error: new ApiError(403, 'FORBIDDEN', message),
      };
      renderAt('/add-patient', 'auth');
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    },
  );

  it.each([
    ['a server error', new ApiError(500, 'INTERNAL', 'Something went wrong')],
    ['a network failure', new NetworkError()],
    ['an unexpected error', new Error('boom')],
  ])('shows the generic profile message for %s', (_label, error) => {
    auth.current = { ...auth.current, user: null, error };
    renderAt('/add-patient', 'auth');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.profileLoadFailed);
  });

  it('sends a signed-out user to /login', () => {
    auth.current = { ...auth.current, user: null };
    const router = renderAt('/add-patient?x=1', 'auth');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/add-patient?x=1' });
  });

  it('remembers the page when the session expired', () => {
    auth.current = { ...auth.current, user: null };
    const queryClient = new QueryClient();
    replaceSession(queryClient, null);
    const router = renderAt('/add-patient', 'auth', queryClient);
    expect(router.state.location.state).toEqual({ from: '/add-patient' });
  });

  it('saves no page to return to after the user signed out', () => {
    auth.current = { ...auth.current, user: null };
    const queryClient = new QueryClient();
    replaceSession(queryClient, null, { isSignOut: true });
    const router = renderAt('/add-patient', 'auth', queryClient);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });
});

describe('RequirePatientCreation', () => {
  it('opens Add Patient when the user may create patients', () => {
    renderAt('/add-patient', 'patient-creation');
    expect(screen.getByRole('heading', { name: 'Add New Patient' })).toBeInTheDocument();
  });

  it("sends a clinic user to /unauthorized when 'Allow Clinic Patient Creation' is off", () => {
    auth.current = { ...auth.current, canCreatePatients: false };
    const router = renderAt('/add-patient', 'patient-creation');
    expect(screen.getByRole('heading', { name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
