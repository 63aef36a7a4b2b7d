import type { TPatientSummary } from '@casebridge/domain/patients/patient.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '#src/test/fake-api.ts';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { latestToast } from '#src/test/toasts.ts';
import { usePatientSelection } from '#src/features/patients/hooks/use-patient-selection.ts';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { PatientTable } from './patient-table.tsx';

const patientOf = (n: number, fullName: string): TPatientSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fullName,
  dob: '1980-01-0' + n,
  treatmentStatus: 'Referred',
  intakeDate: null,
  lastTreatmentDate: null,
  clinicNames: ['Harbor Physical Therapy'],
  firmName: 'Morgan & Hale Injury Law',
  updatedAt: '2026-02-01T00:00:00.000Z',
  externalId: null,
  version: n + 1,
});
const PATIENTS = [patientOf(1, 'Ann Able'), patientOf(2, 'Ben Baker'), patientOf(3, 'Cy Cole')];
const [ANN, BEN, CY] = PATIENTS as [TPatientSummary, TPatientSummary, TPatientSummary];
const inAMoment = () => new Date(Date.now() + 10_000).toISOString();

function Harness() {
  const selection = usePatientSelection(PATIENTS);
  return (
    <>
      <PatientTable
        caption="Cases"
        patients={PATIENTS}
        isLoading={false}
        renderActions={() => null}
        selection={selection}
      />
      <BulkActionBar selection={selection} />
    </>
  );
}

function renderAs(role: 'clinic' | 'attorney' | 'lienholder') {
  const sent: Record<string, FakeRequest[]> = { status: [], requests: [], undo: [], asks: [] };
  const result = renderWithProviders(<Harness />, {
    session: signedInAs(role),
    api: {
      'POST /patients/bulk/status': (request: FakeRequest) => {
        sent.status!.push(request);
        const current = (version: number) => ({
          treatmentStatus: 'Discharged',
          version,
          updatedByName: 'Casey Harbor',
        });
        return {
          done: 2,
          notDone: 1,
          results: [
            {
              patientId: ANN.id,
              outcome: 'done',
              patientName: ANN.fullName,
              message: null,
              current: current(3),
              undo: { changeId: '11111111-1111-4111-8111-111111111111', until: inAMoment() },
            },
            {
              patientId: BEN.id,
              outcome: 'stale',
              patientName: BEN.fullName,
              message: 'Not changed: Dana changed the status to Evaluated since you listed it',
              current: { ...current(9), treatmentStatus: 'Evaluated' },
              undo: null,
            },
            {
              patientId: CY.id,
              outcome: 'done',
              patientName: CY.fullName,
              message: null,
              current: current(5),
              undo: { changeId: '22222222-2222-4222-8222-222222222222', until: inAMoment() },
            },
          ],
        };
      },
      'POST /patients/:patientId/status/undo': (request: FakeRequest) => {
        sent.undo!.push(request);
        return { ...ANN, treatmentStatus: 'Referred' };
      },
      'POST /patients/bulk/case-update-asks': (request: FakeRequest) => {
        sent.asks!.push(request);
        return {
          done: 0,
          notDone: 1,
          results: [
            {
              patientId: CY.id,
              outcome: 'refused',
              patientName: CY.fullName,
              message: 'An update is already requested; the firm’s next update answers it.',
            },
          ],
        };
      },
      'POST /patients/bulk/requests': (request: FakeRequest) => {
        sent.requests!.push(request);
        return {
          done: 1,
          notDone: 1,
          results: [
            {
              patientId: ANN.id,
              outcome: 'done',
              patientName: ANN.fullName,
              message: null,
              requests: [
                {
                  id: '33333333-3333-4333-8333-333333333333',
                  clinicId: '44444444-4444-4444-8444-444444444444',
                  clinicName: 'Harbor Physical Therapy',
                },
              ],
            },
            {
              patientId: BEN.id,
              outcome: 'not_found',
              patientName: null,
              message: 'Not found: the patient is no longer shared with you',
              requests: [],
            },
          ],
        };
      },
    },
  });
  return { ...result, sent, user: userEvent.setup() };
}

describe('BulkActionBar', () => {
  it('changes the chosen patients’ status after the confirmation, lists each, undoes one', async () => {
    const { sent, user } = renderAs('clinic');
    expect(screen.queryByRole('region', { name: 'Selected patients' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all patients on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected patients' });
    expect(bar).toHaveTextContent('3 selected');
    await user.click(within(bar).getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status of 3 patients' });
    await user.selectOptions(within(dialog).getByLabelText(/New status/), 'Discharged');
    await user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(sent.status).toHaveLength(0);
    const confirm = await screen.findByRole('alertdialog', { name: 'Change treatment status?' });
    expect(confirm).toHaveTextContent('Change the status of 3 patients to Discharged?');
    await user.click(within(confirm).getByRole('button', { name: 'Change status' }));

    expect(sent.status![0]!.body).toEqual({
      treatmentStatus: 'Discharged',
      patients: PATIENTS.map(({ id, version }) => ({ id, version })),
    });
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(latestToast('success')).toBe('2 statuses changed');
    expect(within(results).getAllByRole('listitem')).toHaveLength(3);
    expect(results).toHaveTextContent('Ann AbleChanged to Discharged');
    expect(results).toHaveTextContent('Dana changed the status to Evaluated');
    expect(within(results).queryByRole('button', { name: 'Undo: Ben Baker' })).toBeNull();
    await user.click(within(results).getByRole('button', { name: 'Undo: Ann Able' }));
    expect(sent.undo![0]!.path).toBe(`/patients/${ANN.id}/status/undo`);
    expect(await within(results).findByText('Status change undone')).toBeVisible();
    expect(within(results).getByRole('button', { name: 'Undo: Cy Cole' })).toBeVisible();
  });

  it('asks the firm’s chosen patients’ clinics for records and lists who was not found', async () => {
    const { sent, user } = renderAs('attorney');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Able' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Baker' }));
    const bar = screen.getByRole('region', { name: 'Selected patients' });
    expect(within(bar).queryByRole('button', { name: 'Change status' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Request records' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request records for 2 patients' });
    await user.type(within(dialog).getByLabelText('Note to the clinics'), 'For the demand');
    await user.click(within(dialog).getByRole('button', { name: 'Request records' }));
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(sent.requests![0]!.body).toMatchObject({
      patientIds: [ANN.id, BEN.id],
      kind: 'medical_records',
      note: 'For the demand',
    });
    expect(results).toHaveTextContent('Requested from Harbor Physical Therapy');
    // The list's own name for a patient the server no longer names.
    expect(results).toHaveTextContent('Ben BakerNot found');
    expect(latestToast('success')).toBe('1 request sent');
  });

  it('offers a lienholder the case-update ask and the export, and clears the choice', async () => {
    const { sent, user } = renderAs('lienholder');
    const all = screen.getByRole('checkbox', { name: 'Select all patients on this page' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Cole' }));
    expect(all).toHaveProperty('indeterminate', true);
    const bar = screen.getByRole('region', { name: 'Selected patients' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ask for case updates', 'Export CSV', 'Clear selection']);
    await user.click(within(bar).getByRole('button', { name: 'Ask for case updates' }));
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(sent.asks![0]!.body).toEqual({ patientIds: [CY.id] });
    expect(results).toHaveTextContent('Cy ColeAn update is already requested');
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected patients' })).toBeNull();
    expect(all).not.toBeChecked();
  });
});
