import { PATIENT_MESSAGES, type TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '#src/test/fake-api.ts';
import { fakeVersionedRecord } from '#src/test/versioned-record.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { DEMO_ORGANIZATIONS, signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { patientKeys, usePatient } from '#src/features/patients/api/patients-api.ts';
import { DemographicsTab } from './demographics-tab.tsx';
import { EditPatientModal } from './edit-patient-modal.tsx';
import { CLINIC_PICKER_HINT } from './organization-fields.tsx';

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
  externalId: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 1,
  updatedByName: null,
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

describe('DemographicsTab', () => {
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

/** The Demographics tab as the patient page shows it: fed by the patient query, live. */
function LiveDemographics() {
  const patient = usePatient(PATIENT.id);
  return patient.data ? <DemographicsTab patient={patient.data} /> : null;
}

function renderLive() {
  const record = fakeVersionedRecord(PATIENT);
  const sent: FakeRequest[] = [];
  const { queryClient } = renderWithProviders(<LiveDemographics />, {
    session: signedInAs('clinic'),
    api: {
      'GET /organizations': ({ query }: FakeRequest) => ({
        items: ORGANIZATIONS[query.get('kind') ?? ''],
      }),
      [`GET /patients/${PATIENT.id}`]: () => record.current,
      [`PUT /patients/${PATIENT.id}/demographics`]: (request: FakeRequest) => {
        sent.push(request);
        if (request.headers['if-match'] !== `"${record.current.version}"`) {
          return json(
            { error: { code: 'CONFLICT', message: 'stale' }, current: record.current },
            409,
          );
        }
        const { notify: _notify, ...values } = request.body as Record<string, unknown>;
        return { patient: record.changeBy('Casey Clinic', values), notifiedUsers: 0 };
      },
    },
  });
  /** Someone else's change arriving as a live update: the page refetches the patient. */
  const changeElsewhere = async (values: Partial<TPatientDetail>) => {
    record.changeBy('Dana Ruiz', values, '2026-01-05T14:02:00.000Z');
    await queryClient.invalidateQueries({ queryKey: patientKeys.detail(PATIENT.id) });
  };
  return { record, sent, changeElsewhere };
}

describe('DemographicsTab under live changes', () => {
  it('keeps typed values when the record changes underneath and says who changed it', async () => {
    const { changeElsewhere } = renderLive();
    const user = userEvent.setup();
    const contact = await screen.findByLabelText('Best Point of Contact Name');
    await user.type(contact, 'Marta Reyes');
    await user.type(screen.getByLabelText('Best Point of Contact Phone'), '555-0142');
    await changeElsewhere({ treatmentStatus: 'Discharged', intakeDate: '2026-02-01' });
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice).toHaveTextContent(/Changed by Dana Ruiz at \d\d:\d\d — review/);
    expect(contact).toHaveValue('Marta Reyes');
    expect(screen.getByLabelText('Best Point of Contact Phone')).toHaveValue('555-0142');
    await user.click(screen.getByRole('button', { name: 'review' }));
    expect(screen.getByRole('row', { name: /Intake Date/ })).toHaveTextContent('2026-02-01');
  });

  it('shows the new version at once while nothing was typed', async () => {
    const { changeElsewhere } = renderLive();
    expect(await screen.findByLabelText('Intake Date')).toHaveValue('2026-01-05');
    await changeElsewhere({ intakeDate: '2026-02-01' });
    await expect.poll(() => screen.getByLabelText('Intake Date')).toHaveValue('2026-02-01');
    expect(screen.queryByText(/Changed by/)).toBeNull();
  });

  it('refuses a stale save in place, then saves the user’s values on top of the new version', async () => {
    const { sent, changeElsewhere, record } = renderLive();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Best Point of Contact Name'), 'Marta Reyes');
    await changeElsewhere({ intakeDate: '2026-02-01' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('button', { name: 'No, just save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Not saved: Changed by Dana Ruiz/);
    expect(record.current.pointOfContactName).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Keep my changes on top' }));
    expect(screen.getByLabelText('Intake Date')).toHaveValue('2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('button', { name: 'No, just save' }));
    await expect.poll(() => latestToast('success')).toBe(PATIENT_MESSAGES.demographicsUpdated);
    expect(sent.map((request) => request.headers['if-match'])).toEqual(['"1"', '"2"']);
    expect(record.current).toMatchObject({
      intakeDate: '2026-02-01',
      pointOfContactName: 'Marta Reyes',
      version: 3,
    });
  });
});

describe('EditPatientModal', () => {
  it('toasts and focuses the first failure in the spec order, and marks each field', async () => {
    const sent = renderWith(
      <EditPatientModal patientId={PATIENT.id} onClose={() => {}} />,
      'admin',
    );
    const user = userEvent.setup();
    const clinics = await screen.findByLabelText('Assigned Clinics');
    // An admin has no clinic of their own: every chosen clinic can be removed.
    await user.click(screen.getByRole('button', { name: `Remove ${clinic.name}` }));
    const dob = screen.getByLabelText('Date of Birth *');
    await user.clear(dob);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => latestToast('error')).toBe(PATIENT_MESSAGES.dobRequired);
    expect(dob).toHaveFocus();
    expect(clinics).toHaveAccessibleDescription(
      `${CLINIC_PICKER_HINT} ${PATIENT_MESSAGES.clinicRequired}`,
    );
    expect(sent).toEqual([]);
  });
});
