import { PATIENT_MESSAGES, type TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { DemographicsTab } from './demographics-tab.tsx';
import { EditPatientModal } from './edit-patient-modal.tsx';

const clinic = { ...DEMO_ORGANIZATIONS.clinic, phone: null };
const firm = { ...DEMO_ORGANIZATIONS.attorney, phone: null };

const PATIENT: TPatientDetail = {
  id: '66666666-6666-4666-8666-666666666666',
  fullName: 'Maria Delgado',
  dob: '1985-04-12',
  intakeDate: '2026-01-05',
  evalDate: null,
  lastTreatmentDate: null,
  treatmentStatus: 'Referred',
  clinics: [{ id: clinic.id, name: clinic.name, phone: null }],
  firm: { id: firm.id, name: firm.name, phone: null },
  lienholders: [],
  pointOfContactName: null,
  pointOfContactPhone: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

const ORGANIZATIONS: Record<string, unknown[]> = {
  clinic: [DEMO_ORGANIZATIONS.clinic],
  firm: [DEMO_ORGANIZATIONS.attorney],
  lienholder: [],
};

function renderWith(ui: React.ReactElement, role: 'clinic' | 'admin') {
  const sent: unknown[] = [];
  renderWithProviders(ui, {
    session: signedInAs(role),
    api: {
      'GET /organizations': ({ query }: FakeRequest) => ({
        items: ORGANIZATIONS[query.get('kind') ?? ''],
      }),
      [`GET /patients/${PATIENT.id}`]: PATIENT,
      [`PUT /patients/${PATIENT.id}/demographics`]: ({ body }: FakeRequest) => {
        sent.push(body);
        return { patient: PATIENT, notifiedUsers: 0 };
      },
    },
  });
  return sent;
}

describe('DemographicsTab', { timeout: 15_000 }, () => {
  it('toasts and marks a blank name, focuses it, and saves nothing', async () => {
    const sent = renderWith(<DemographicsTab patient={PATIENT} />, 'clinic');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Full Name *');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.nameRequired);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(PATIENT_MESSAGES.nameRequired);
    expect(name).toHaveFocus();
    expect(screen.queryByText(PATIENT_MESSAGES.notifyPrompt)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks whether to notify before it saves a valid form', async () => {
    const sent = renderWith(<DemographicsTab patient={PATIENT} />, 'clinic');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Best Point of Contact Name'), 'Marta Reyes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('button', { name: 'No, just save' }));
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.demographicsUpdated);
    expect(sent).toMatchObject([{ pointOfContactName: 'Marta Reyes', notify: false }]);
  });
});

describe('EditPatientModal', { timeout: 15_000 }, () => {
  it('toasts and focuses the first failure in the spec order, and marks each field', async () => {
    const sent = renderWith(
      <EditPatientModal patientId={PATIENT.id} onClose={() => {}} />,
      'admin',
    );
    const user = userEvent.setup();
    const clinics = await screen.findByLabelText('Assigned Clinics');
    await user.deselectOptions(clinics, clinic.name);
    const dob = screen.getByLabelText('Date of Birth *');
    await user.clear(dob);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.dobRequired);
    expect(dob).toHaveFocus();
    expect(clinics).toHaveAccessibleDescription(
      `Hold Ctrl/Cmd to select multiple clinics ${PATIENT_MESSAGES.clinicRequired}`,
    );
    expect(sent).toEqual([]);
  });
});
