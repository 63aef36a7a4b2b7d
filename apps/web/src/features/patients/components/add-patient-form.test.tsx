import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeRoutes } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { AddPatientForm } from './add-patient-form.tsx';
import { CLINIC_PICKER_HINT, OWN_CLINIC_EXPLANATION } from './organization-fields.tsx';

const OTHER_CLINIC = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Summit Spine & Pain Center',
  kind: 'clinic',
};

/** The organisations the form offers; the signed-in clinic user belongs to the first clinic. */
const ORGANIZATIONS: Record<string, unknown[]> = {
  clinic: [DEMO_ORGANIZATIONS.clinic, OTHER_CLINIC],
  firm: [DEMO_ORGANIZATIONS.attorney],
  lienholder: [],
};

function renderForm({ from, api = {} }: { from?: string; api?: FakeRoutes } = {}) {
  return renderFormWithApi({ from, api }).router;
}

function renderFormWithApi({ from, api = {} }: { from?: string; api?: FakeRoutes }) {
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
  });
}

/** Fills the required fields the form leaves empty: name, date of birth and the firm. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>, fullName = 'Ann Lee') {
  await user.type(await screen.findByLabelText('Full Name *'), fullName);
  await user.type(screen.getByLabelText('Date of Birth *'), '1990-02-03');
  await user.selectOptions(
    screen.getByLabelText('Attorney Firm *'),
    DEMO_ORGANIZATIONS.attorney.id,
  );
}

describe('AddPatientForm', () => {
  it('marks the required fields, clinics and firm included', async () => {
    renderForm();
    for (const label of ['Full Name', 'Date of Birth', 'Assigned Clinics', 'Attorney Firm'])
      expect(await screen.findByLabelText(`${label} *`)).toHaveAttribute('aria-required', 'true');
  });

  it('toasts and focuses the first invalid field in the spec order', async () => {
    renderForm();
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: 'Create Patient' });
    // The firm starts empty too: the name is still the first failure and gets the focus.
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
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await expect.poll(() => latestToast('error')).toBe(message);
  });

  it("keeps 'Failed to create patient' for other failures", async () => {
    renderForm({
      api: { 'POST /patients': () => apiError(500, 'INTERNAL', 'Something went wrong') },
    });
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.createFailed);
  });

  it("starts a clinic user's firm empty and the clinic on their own", async () => {
    renderForm();
    expect(await screen.findByLabelText('Attorney Firm *')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Select an attorney firm...' })).toHaveProperty(
      'selected',
      true,
    );
    expect(
      screen.getByRole('option', { name: new RegExp(`^${DEMO_ORGANIZATIONS.clinic.name}`) }),
    ).toHaveAttribute('aria-selected', 'true');
  });

  it("keeps the clinic user's own clinic and adds another found by typing", async () => {
    const { api } = renderFormWithApi({});
    const user = userEvent.setup();
    const clinics = await screen.findByLabelText('Assigned Clinics *');
    const own = screen.getByRole('option', { name: /^Harbor Physical Therapy/ });
    expect(own).toHaveAttribute('aria-disabled', 'true');
    expect(clinics).toHaveAccessibleDescription(`${CLINIC_PICKER_HINT} ${OWN_CLINIC_EXPLANATION}`);
    // A plain click does not drop it, and its chip has no Remove button.
    await user.click(own);
    expect(own).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'Remove Harbor Physical Therapy' })).toBeNull();

    await user.type(clinics, 'summit');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: `Remove ${OTHER_CLINIC.name}` })).toBeVisible();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        clinicIds: [DEMO_ORGANIZATIONS.clinic.id, OTHER_CLINIC.id],
      }),
    );
  });

  it("warns in place about a duplicate, links to it, and creates only on 'Create anyway'", async () => {
    const existing = { id: '44444444-0000-4000-8000-000000000001', fullName: "O'Brien, Mary" };
    const { api, router } = renderFormWithApi({
      api: {
        'POST /patients': ({ body }) =>
          (body as { allowDuplicate?: boolean }).allowDuplicate
            ? json({ id: '33333333-3333-4333-8333-333333333333' }, 201)
            : json(
                {
                  error: { code: 'CONFLICT', message: PATIENT_MESSAGES.duplicate },
                  duplicates: [{ ...existing, dob: '1990-02-03' }],
                },
                409,
              ),
      },
    });
    const user = userEvent.setup();
    await fillRequired(user, 'obrien mary');
    await user.click(screen.getByRole('button', { name: 'Create Patient' }));

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(PATIENT_MESSAGES.duplicate);
    expect(within(warning).getByRole('link', { name: existing.fullName })).toHaveAttribute(
      'href',
      `/patients/${existing.id}`,
    );
    // Nothing was created, and the typed values stay.
    expect(router.state.location.pathname).toBe('/add-patient');
    expect(screen.getByLabelText('Full Name *')).toHaveValue('obrien mary');

    await user.click(within(warning).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/patients/33333333-3333-4333-8333-333333333333'),
    );
    const creates = api.calls.filter((call) => call.method === 'POST');
    expect(
      creates.map((call) => (call.body as { allowDuplicate: boolean }).allowDuplicate),
    ).toEqual([false, true]);
    expect(creates[1]?.body).toMatchObject({ fullName: 'obrien mary', dob: '1990-02-03' });
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
