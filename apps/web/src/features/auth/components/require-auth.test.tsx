import { MESSAGES } from '@casebridge/domain/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { replaceSession } from '#src/lib/session.ts';
import { apiError } from '#src/test/fake-api.ts';
import {
  createTestQueryClient,
  renderWithProviders,
  type RenderOptions,
} from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { RequireAuth, RequirePatientCreation } from './require-auth.tsx';

type GuardOptions = Pick<RenderOptions, 'session' | 'queryClient' | 'api'>;

function renderAt(path: string, guard: 'auth' | 'patient-creation', options: GuardOptions) {
  return renderWithProviders(guard === 'auth' ? <RequireAuth /> : <RequirePatientCreation />, {
    route: path,
    ...options,
    children: [{ path: '/add-patient', element: <h1>Add New Patient</h1> }],
    routes: [
      { path: '/unauthorized', element: <h1>Unauthorized Access</h1> },
      { path: '/login', element: <h1>Sign in</h1> },
      { path: '/two-step-setup', element: <h1>Set up two-step verification</h1> },
    ],
  }).router;
}

/** The session request fails as given, as it does when the app starts. */
const sessionFails = (answer: () => Response): GuardOptions => ({
  session: 'from-api',
  api: { 'GET /auth/session': answer },
});

describe('RequireAuth profile errors', () => {
  it.each([MESSAGES.profileMissingRole, MESSAGES.profileNotFound])(
    'shows the server message "%s"',
    async (message) => {
      renderAt(
        '/add-patient',
        'auth',
        sessionFails(() => apiError(403, 'FORBIDDEN', message)),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
  );

  it.each([
    ['a server error', () => apiError(500, 'INTERNAL', 'Something went wrong')],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    [
      'an answer that is not the API (a proxy error page)',
      () => new Response('<html>', { status: 502 }),
    ],
  ])('shows the generic profile message for %s', async (_label, answer) => {
    renderAt('/add-patient', 'auth', sessionFails(answer));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.profileLoadFailed);
  });

  it('sends a signed-out user to /login', async () => {
    const router = renderAt('/add-patient?x=1', 'auth', {
      session: 'from-api',
      api: { 'GET /auth/session': null },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/add-patient?x=1' });
  });

  it('remembers the page when the session expired', () => {
    const queryClient = createTestQueryClient();
    replaceSession(queryClient, null);
    const router = renderAt('/add-patient', 'auth', { queryClient });
    expect(router.state.location.state).toEqual({ from: '/add-patient' });
  });

  it('saves no page to return to after the user signed out', () => {
    const queryClient = createTestQueryClient();
    replaceSession(queryClient, null, { isSignOut: true });
    const router = renderAt('/add-patient', 'auth', { queryClient });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });
});

describe('RequireAuth and the second factor', () => {
  it('sends a session waiting for its code to /login, keeping the page', () => {
    const router = renderAt('/add-patient', 'auth', {
      session: signedInAs('clinic', { secondFactor: 'pending' }),
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/add-patient' });
  });

  it("sends a user whom 'Require MFA' holds back to enrolment before any page", () => {
    const router = renderAt('/add-patient', 'auth', {
      session: signedInAs('attorney', { secondFactor: 'enrolment-required' }),
    });
    expect(router.state.location.pathname).toBe('/two-step-setup');
  });
});

describe('RequirePatientCreation', () => {
  it('opens Add Patient when the user may create patients', () => {
    renderAt('/add-patient', 'patient-creation', { session: signedInAs('clinic') });
    expect(screen.getByRole('heading', { name: 'Add New Patient' })).toBeInTheDocument();
  });

  it("sends a clinic user to /unauthorized when 'Allow Clinic Patient Creation' is off", () => {
    const router = renderAt('/add-patient', 'patient-creation', {
      session: signedInAs('clinic', { canCreatePatients: false }),
    });
    expect(screen.getByRole('heading', { name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
