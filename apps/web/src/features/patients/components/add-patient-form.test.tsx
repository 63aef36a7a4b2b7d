import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddPatientForm } from './add-patient-form.tsx';

const toast = vi.hoisted(() => ({
  success: vi.fn<(message: string) => void>(),
  error: vi.fn<(message: string) => void>(),
}));
vi.mock('sonner', () => ({ toast }));

const HARBOR = '11111111-1111-4111-8111-111111111111';
const MORGAN = '22222222-2222-4222-8222-222222222222';
const USER = {
  id: 'u1',
  email: 'clinic@demo.test',
  displayName: 'Casey Harbor',
  role: 'clinic',
  organization: { id: HARBOR, name: 'Harbor Physical Therapy', kind: 'clinic' },
  createdAt: '2026-01-01T00:00:00.000Z',
};
vi.mock('../../auth/auth-context.tsx', () => ({ useCurrentUser: () => USER }));

const organization = (id: string, name: string, kind: string) => ({ id, name, kind });
const ORGANIZATIONS: Record<string, unknown[]> = {
  clinic: [organization(HARBOR, 'Harbor Physical Therapy', 'clinic')],
  firm: [organization(MORGAN, 'Morgan & Hale Injury Law', 'firm')],
  lienholder: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let createResponse: () => Response;

function renderForm(initialEntries: string[] = ['/add-patient']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const kind = /\/api\/organizations\?kind=(\w+)/.exec(url)?.[1];
      if (kind) return json({ items: ORGANIZATIONS[kind] });
      if (url === '/api/patients' && init?.method === 'POST') return createResponse();
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/add-patient', element: <AddPatientForm /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/dashboard/clinic', element: <h1>Clinic Dashboard</h1> },
      { path: '/patients/:id', element: <h1>Patient page</h1> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  createResponse = () => json({ id: '33333333-3333-4333-8333-333333333333' }, 201);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('AddPatientForm', { timeout: 15_000 }, () => {
  it('marks the required fields, clinics and firm included', async () => {
    renderForm();
    for (const label of ['Full Name', 'Date of Birth', 'Assigned Clinics', 'Attorney Firm'])
      expect(await screen.findByLabelText(`${label} *`)).toHaveAttribute('aria-required', 'true');
  });

  it('toasts and focuses the first invalid field in the spec order', async () => {
    renderForm();
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: 'Create Patient' });
    // Firm cleared too: the name is still the first failure and gets the focus.
    await user.selectOptions(screen.getByLabelText('Attorney Firm *'), '');
    await user.click(create);
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(PATIENT_MESSAGES.nameRequired),
    );
    expect(screen.getByLabelText('Full Name *')).toHaveFocus();

    await user.type(screen.getByLabelText('Full Name *'), 'Ann Lee');
    await user.click(create);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(PATIENT_MESSAGES.dobRequired));
    expect(screen.getByLabelText('Date of Birth *')).toHaveFocus();

    await user.type(screen.getByLabelText('Date of Birth *'), '2999-01-01');
    await user.click(create);
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(PATIENT_MESSAGES.dobInvalid));
    expect(screen.getByLabelText('Date of Birth *')).toHaveFocus();

    await user.clear(screen.getByLabelText('Date of Birth *'));
    await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
    await user.click(create);
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(PATIENT_MESSAGES.firmRequired),
    );
    expect(screen.getByLabelText('Attorney Firm *')).toHaveFocus();
  });

  it("shows the server's message when patient creation is turned off (403)", async () => {
    const message = 'Patient creation by clinics is turned off. Please ask an administrator.';
    createResponse = () => json({ error: { code: 'FORBIDDEN', message } }, 403);
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
    await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
  });

  it("keeps 'Failed to create patient' for other failures", async () => {
    createResponse = () =>
      json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500);
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
    await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PATIENT_MESSAGES.createFailed));
  });

  it('Cancel on a directly opened page goes to /dashboard', async () => {
    const router = renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Cancel goes back to the page the user came from', async () => {
    const router = renderForm(['/dashboard/clinic']);
    await router.navigate('/add-patient');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clinic'));
  });
});
