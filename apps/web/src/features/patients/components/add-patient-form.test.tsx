import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AddPatientForm } from './add-patient-form.tsx';

/** The organisations the form offers; the signed-in clinic user belongs to the clinic. */
const ORGANIZATIONS: Record<string, unknown[]> = {
  clinic: [DEMO_ORGANIZATIONS.clinic],
  firm: [DEMO_ORGANIZATIONS.attorney],
  lienholder: [],
};

function renderForm({ from, api = {} }: { from?: string; api?: FakeRoutes } = {}) {
  return renderWithProviders(<AddPatientForm />, {
    route: '/add-patient',
    history: from ? [from] : [],
    session: signedInAs('clinic'),
    api: {
      'GET /organizations': ({ query }) => ({ items: ORGANIZATIONS[query.get('kind') ?? ''] }),
      'POST /patients': () => json({ id: '33333333-3333-4333-8333-333333333333' }, 201),
      ...api,
    },
    routes: [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/dashboard/clinic', element: <h1>Clinic Dashboard</h1> },
      { path: '/patients/:id', element: <h1>Patient page</h1> },
    ],
  }).router;
}

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
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.nameRequired);
    expect(screen.getByLabelText('Full Name *')).toHaveFocus();

    await user.type(screen.getByLabelText('Full Name *'), 'Ann Lee');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.dobRequired);
    expect(screen.getByLabelText('Date of Birth *')).toHaveFocus();

    await user.type(screen.getByLabelText('Date of Birth *'), '2999-01-01');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.dobInvalid);
    expect(screen.getByLabelText('Date of Birth *')).toHaveFocus();

    await user.clear(screen.getByLabelText('Date of Birth *'));
    await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
    await user.click(create);
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.firmRequired);
    expect(screen.getByLabelText('Attorney Firm *')).toHaveFocus();
  });

  it("shows the server's message when patient creation is turned off (403)", async () => {
    const message = 'Patient creation by clinics is turned off. Please ask an administrator.';
    renderForm({ api: { 'POST /patients': () => apiError(403, 'FORBIDDEN', message) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
    await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await expect.poll(() => latestToast('error')).toBe(message);
  });

  it("keeps 'Failed to create patient' for other failures", async () => {
    renderForm({
      api: { 'POST /patients': () => apiError(500, 'INTERNAL', 'Something went wrong') },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full Name *'), 'Ann Lee');
    await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.createFailed);
  });

  it('Cancel on a directly opened page goes to /dashboard', async () => {
    const router = renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Cancel goes back to the page the user came from', async () => {
    const router = renderForm({ from: '/dashboard/clinic' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/clinic'));
  });
});
